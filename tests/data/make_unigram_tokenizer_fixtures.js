// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// Writes tokenizers/hub/unigram/: the cases (NAME_cases.json.gz) of the Unigram tokenizer.json
// files, as Hugging Face's own tokenizers encodes and decodes them, for
// tests/io/tst_hubtokenizer.cpp (unigramFiles).
//
// The files are those make_seq2seq_fixtures.py converts from spm_train's
// models as transformers' convert_slow_tokenizer.py does:
//   t5     seq2seq/flan-t5-small/tokenizer.json: T5Converter, the current form
//          (Precompiled, Strip right, Replace " {2,}"; Metaspace "always");
//   mbart  seq2seq/mbart-large/tokenizer.json: MBartConverter ($A </s> en_XX,
//          the language codes and <mask> as added tokens);
// and two made here from the first (the test makes them alike):
//   t5_legacy        the form of the hub's 2020 T5 files (Precompiled alone;
//                    WhitespaceSplit then Metaspace with add_prefix_space);
//   t5_byte_fallback the 256 "<0xNN>" pieces added (score -20) and
//                    byte_fallback on, with a ByteFallback decoder.
//
// The reference is the npm package tokenizers 0.23.2 (Apache-2.0):
//
//   mkdir -p /tmp/tokref && cd /tmp/tokref && npm install tokenizers@0.23.2
//   NODE_PATH=/tmp/tokref/node_modules node tests/data/make_unigram_tokenizer_fixtures.js
//
// The strings are the Qwen3 file's cases (tokenizers/hub/qwen3/cases.json:
// GPT-2's cases, numbers, CJK, emoji, accents both ways, Unicode spaces,
// control characters, random mixtures) and the ones below, which the
// compiled normalisation map changes (full-width forms, ligatures, circled
// digits, combining marks, odd spaces) or which spell the files' specials.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const {Tokenizer} = require('tokenizers');
const nodeModules = path.dirname(path.dirname(require.resolve('tokenizers')));
const version = JSON.parse(fs.readFileSync(path.join(nodeModules, 'tokenizers',
                                                     'package.json'))).version;
if (version !== '0.23.2')
    throw new Error(`tokenizers ${version}; this script wants 0.23.2`);

const data = __dirname;
const out = path.join(data, 'tokenizers', 'hub', 'unigram');
fs.mkdirSync(out, {recursive: true});

const cases = JSON.parse(fs.readFileSync(path.join(data, 'tokenizers', 'hub', 'qwen3',
                                                   'cases.json'))).cases
    .map(c => ({name: c.name, text: c.text}));
const own = [
    'Show hidden files', '  Show   hidden  files  ', 'ＵＳＢ ｐｏｒｔ', 'ﬁchier ﬂeur', '① ② ⑳',
    'e\u0301migre\u0301 cafe\u0301', 'Å Å Å', 'x² y³ ½', '\u3000full\u3000width\u3000',
    'tab\tand\nnewline', '\u00a0non\u00a0breaking', 'zero\u200bwidth', 'soft\u00adhyphen',
    '<extra_id_0> files <extra_id_9>', '<extra_id_0><extra_id_1>', 'a <extra_id_3>b',
    '</s>', 'files</s>more', '<unk>', 'x <unk> y', '<pad>', 'en_XX fr_XX', 'Hello <mask> world',
    '<mask>', 'Les fichiers cachés', 'œuvre Œuvre', 'ÀÉÎÕÜ àéîõü', '日本語のテキスト', '한국어',
    'Ω ≈ ç ∑', '🤗 hug 👍🏽', '\u0627\u0644\u0639\u0631\u0628\u064a\u0629', 'क्षि', 'x',
    ' leading', 'trailing ', '', ' ', '     ', '\n', 'a\u0308\u0301', 'ﾊﾝｶｸ', '™ ℃ №',
];
own.forEach((text, i) => cases.push({name: `unigram ${i + 1}`, text}));

const t5 = JSON.parse(fs.readFileSync(path.join(data, 'seq2seq', 'flan-t5-small',
                                                'tokenizer.json')));
const legacy = JSON.parse(JSON.stringify(t5));
legacy.normalizer = t5.normalizer.normalizers[0];
legacy.pre_tokenizer = {type: 'Sequence', pretokenizers: [
    {type: 'WhitespaceSplit'}, {type: 'Metaspace', replacement: '\u2581', add_prefix_space: true}]};
legacy.decoder = {type: 'Metaspace', replacement: '\u2581', add_prefix_space: true};
const byteFallback = JSON.parse(JSON.stringify(t5));
for (let b = 0; b < 256; ++b)
    byteFallback.model.vocab.push([`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, -20]);
byteFallback.model.byte_fallback = true;
byteFallback.decoder = {type: 'Sequence', decoders: [{type: 'ByteFallback'}, t5.decoder]};

const files = {
    t5: path.join(data, 'seq2seq', 'flan-t5-small', 'tokenizer.json'),
    mbart: path.join(data, 'seq2seq', 'mbart-large', 'tokenizer.json'),
};
for (const [name, json] of [['t5_legacy', legacy], ['t5_byte_fallback', byteFallback]]) {
    files[name] = path.join(require('os').tmpdir(), `attention-lab-${name}.json`);
    fs.writeFileSync(files[name], JSON.stringify(json));
}

(async () => {
    for (const [name, file] of Object.entries(files)) {
        const tokenizer = Tokenizer.fromFile(file);
        const rows = [];
        for (const c of cases) {
            const encoded = await tokenizer.encode(c.text, null, {addSpecialTokens: true});
            const plain = await tokenizer.encode(c.text, null, {addSpecialTokens: false});
            const ids = encoded.getIds();
            rows.push({name: c.name, text: c.text, ids, plain: plain.getIds(),
                       tokens: encoded.getTokens(), decoded: await tokenizer.decode(ids, false)});
        }
        // Gzipped (its header holds no time: Node writes 0, so the file is
        // the same every run); U+FEFF escaped, since QJsonDocument drops a
        // byte order mark at the start of a string.
        const text = `{"reference": "tokenizers ${version} on Node ${process.version}", ` +
            `"cases": [\n` +
            rows.map(r => JSON.stringify(r).replace(/\ufeff/g, '\\ufeff')).join(',\n') + '\n]}\n';
        fs.writeFileSync(path.join(out, `${name}_cases.json.gz`), zlib.gzipSync(text, {level: 9}));
        console.log(`${name}: ${rows.length} cases`);
        if (file.startsWith(require('os').tmpdir()))
            fs.unlinkSync(file);
    }
})();
