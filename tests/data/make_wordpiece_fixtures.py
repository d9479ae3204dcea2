#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 The Attention Lab authors
"""Writes tests/data/tokenizers/bert/: a small BERT vocabulary (vocab.txt),
tokenizer_config.json for an uncased and a cased tokenizer, and
bert_cases.json, the ids that the reference algorithm below gives a few
hundred strings, for tests/io/tst_tokenizers.cpp.

Run once with Debian's Python (standard library only):
    /usr/bin/python3 tests/data/make_wordpiece_fixtures.py

The reference is BERT's tokenizer written from its description
(google-research/bert tokenization.py, Hugging Face's BertTokenizer):
  - clean: drop NUL, U+FFFD and control characters (every "C" category, as
    Hugging Face does; tab, newline and carriage return are whitespace); every
    whitespace character (space, tab, newline, CR, Zs) becomes a space;
  - put spaces around CJK ideographs;
  - split on whitespace (Python's str.split());
  - uncased: lower-case (str.lower()), NFD, drop the non-spacing marks (Mn);
  - split off punctuation: ASCII 33-47, 58-64, 91-96, 123-126, every P category;
  - WordPiece: greedy longest match first with "##" continuations; a word
    with no full match, or over 100 characters, is [UNK];
  - [MASK], [CLS], [SEP], [PAD], [UNK] written in the text are kept whole;
  - [CLS] A [SEP], or [CLS] A [SEP] B [SEP] with token types 0 then 1.
"""
import json
import os
import unicodedata

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tokenizers", "bert")
SPECIALS = ["[MASK]", "[CLS]", "[SEP]", "[PAD]", "[UNK]"]
MAX_WORD_CHARS = 100


def make_vocabulary():
    # As in bert-base: [PAD] 0, [unused0..98] 1-99, [UNK] 100, [CLS] 101,
    # [SEP] 102, [MASK] 103, then punctuation, characters, words and pieces.
    tokens = ["[PAD]"] + ["[unused%d]" % i for i in range(99)]
    tokens += ["[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tokens += [chr(c) for c in range(33, 127) if not chr(c).isalnum()]
    tokens += [str(d) for d in range(10)] + ["##%d" % d for d in range(10)]
    tokens += [chr(c) for c in range(ord("a"), ord("z") + 1)]
    tokens += ["##" + chr(c) for c in range(ord("a"), ord("z") + 1)]
    tokens += [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    tokens += ["##" + chr(c) for c in range(ord("A"), ord("Z") + 1)]
    tokens += """the animal didn t cross street because it was too tired a an and of to in is
        that for on with as at by this be are from or not but what all were when we there
        can one has had have he she they you i my your his her its our their who which
        will would should could do does did done don won isn aren wasn s re ve m ll d
        hello world token tokens play playing played player un want wanted wanting
        attention self query key value head heads model models layer layers soft max
        softmax scale scaled scaling lecture class text sentence word words time day
        new york city paris london berlin bank river money cat dog dogs sat mat
        quick brown fox jumps over lazy jump run running ran
        cafe naive resume fiance uber strasse ole zurich sao paulo
        one two three four five ten hundred thousand million 100 2024 3 14
        mr mrs dr st co inc""".split()
    tokens += """The Animal Hello World Token Paris London Berlin New York City He She They
        I We You It This What When Mr Mrs Dr BERT GPT Attention Self Query Key Value
        café naïve résumé fiancé über Straße Öle Zürich São Paulo Ünd Ärger""".split()
    tokens += ["##" + piece for piece in """ing ed er s es ly ation ize ized izer izing able ible
        ment ness ful less est ist ism al ial ic ical ous ive y ie re un pre
        token iz believ lieve able atten tion mod el ers head lay
        é è ü ö ä ß ñ ç ï ô""".split()]
    tokens += ["un", "believ", "##abl", "##e", "atten", "##ti", "##on", "multi", "##head",
               "é", "è", "ü", "ö", "ä", "ß", "ñ", "ç", "ï", "ô", "å", "ø", "æ", "œ",
               "ο", "δ", "ς", "σ", "##ο", "##δ", "##ς", "##σ", "οδος", "λογος",
               "ι", "##ι", "i̇", "ı",
               "中", "文", "我", "爱", "自", "然", "语", "言", "处", "理", "注", "意", "力",
               "日", "本", "語", "한", "국", "어", "##국", "##어",
               "こ", "ん", "に", "ち", "は", "##ん", "##に", "##ち", "##は",
               "م", "ر", "ح", "ب", "ا", "##ر", "##ح", "##ب", "##ا", "مرحبا",
               "न", "म", "##स", "##्", "##त", "##े", "नमस्ते",
               "€", "£", "¥", "°", "±", "×", "÷", "→", "←", "…", "–", "—",
               "“", "”", "‘", "’", "«", "»", "¿", "¡", "·", "§", "¶", "©", "®", "™",
               "😀", "❤", "👍", "🔥", "##😀", "##🔥",
               "x" * 100, "y" * 101]
    seen = set()
    unique = []
    for token in tokens:
        if token not in seen:
            seen.add(token)
            unique.append(token)
    return unique


def is_whitespace(c):
    return c in " \t\n\r" or unicodedata.category(c) == "Zs"


def is_control(c):
    if c in "\t\n\r":
        return False
    return unicodedata.category(c).startswith("C")


def is_punctuation(c):
    cp = ord(c)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(c).startswith("P")


def is_cjk(cp):
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
            or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
            or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def basic_tokenize(text, lower_case):
    cleaned = []
    for c in text:
        cp = ord(c)
        if cp == 0 or cp == 0xFFFD or is_control(c):
            continue
        if is_whitespace(c):
            cleaned.append(" ")
        elif is_cjk(cp):
            cleaned.append(" " + c + " ")
        else:
            cleaned.append(c)
    words = []
    for word in "".join(cleaned).split():
        if lower_case:
            word = word.lower()
            word = "".join(c for c in unicodedata.normalize("NFD", word)
                           if unicodedata.category(c) != "Mn")
        current = ""
        for c in word:
            if is_punctuation(c):
                if current:
                    words.append(current)
                current = ""
                words.append(c)
            else:
                current += c
        if current:
            words.append(current)
    return words


def wordpiece(word, vocabulary):
    if len(word) > MAX_WORD_CHARS:
        return ["[UNK]"]
    pieces = []
    start = 0
    while start < len(word):
        end = len(word)
        found = None
        while start < end:
            candidate = word[start:end]
            if start > 0:
                candidate = "##" + candidate
            if candidate in vocabulary:
                found = candidate
                break
            end -= 1
        if found is None:
            return ["[UNK]"]
        pieces.append(found)
        start = end
    return pieces


def tokenize_part(text, lower_case, vocabulary):
    tokens = []
    rest = text
    while rest:
        hits = [(rest.find(s), s) for s in SPECIALS if s in vocabulary and rest.find(s) >= 0]
        if not hits:
            break
        at, special = min(hits)
        for word in basic_tokenize(rest[:at], lower_case):
            tokens += wordpiece(word, vocabulary)
        tokens.append(special)
        rest = rest[at + len(special):]
    for word in basic_tokenize(rest, lower_case):
        tokens += wordpiece(word, vocabulary)
    return tokens


def encode(text, pair, lower_case, vocabulary):
    tokens = ["[CLS]"] + tokenize_part(text, lower_case, vocabulary) + ["[SEP]"]
    types = [0] * len(tokens)
    if pair is not None:
        second = tokenize_part(pair, lower_case, vocabulary) + ["[SEP]"]
        tokens += second
        types += [1] * len(second)
    return tokens, types


def texts():
    yield "lecture sentence", "The animal didn't cross the street because it was too tired", None
    yield "empty", "", None
    yield "only spaces", "     ", None
    yield "single word", "hello", None
    yield "capitalised", "Hello World", None
    yield "all capitals", "HELLO WORLD", None
    yield "word pieces", "playing played player wanted wanting unwanted", None
    yield "unbelievable", "unbelievable tokenization tokenizer tokenizing", None
    yield "pieces of attention", "multihead attention selfattention attentions", None
    yield "no full match", "qwertyé hello", None
    yield "unknown character", "hello \u2603 world", None
    yield "punctuation", "Hello, world! What's that? (yes) [no] {maybe}", None
    yield "ascii symbols are punctuation", "a$b^c`d+e=f|g~h<i>j", None
    yield "unicode punctuation", "\u00abquoted\u00bb \u201csmart\u201d \u2018single\u2019 \u2013 \u2014 \u2026 \u00bfqu\u00e9?", None
    yield "symbols that are not punctuation", "\u20ac5 \u00a320 \u00b110\u00b0 3\u00d74 \u2192 \u00a9\u00ae\u2122", None
    yield "contractions", "don't won't isn't I'm you're we'll they'd", None
    yield "numbers", "In 2024 there were 100 days and 3.14 pies, 1,000 or 12345", None
    yield "digits and letters", "abc123 4x4 mp3 gpt2", None
    yield "accents", "caf\u00e9 na\u00efve r\u00e9sum\u00e9 fianc\u00e9 \u00fcber Stra\u00dfe \u00d6le Z\u00fcrich S\u00e3o Paulo", None
    yield "combining accents", "cafe\u0301 nai\u0308ve", None
    yield "capital accents", "\u00c9COLE \u00dcBER \u00c5NGSTR\u00d6M \u00c7A", None
    yield "greek final sigma", "\u039f\u0394\u039f\u03a3 \u03bf\u03b4\u03bf\u03c2 \u039f\u0394\u039f\u03a3. \u03a3 \u039f\u03a3\u039f", None
    yield "greek sigma with mark", "\u039f\u0394\u039f\u03a3\u0301 \u039f\u0394\u039f\u03a3'\u0391", None
    yield "turkish dotted capital", "\u0130stanbul \u0131s\u0131k I\u0307", None
    yield "german sharp s", "Stra\u00dfe STRASSE \u1e9e", None
    yield "ligatures", "\ufb01nance \u00e6sir \u0153uvre", None
    yield "chinese", "\u6211\u7231\u81ea\u7136\u8bed\u8a00\u5904\u7406", None
    yield "chinese in english", "attention\u6ce8\u610f\u529bmodel", None
    yield "cjk compatibility and extension b", "\uf900\U00020000\U0002A700", None
    yield "japanese kana are not split", "\u3053\u3093\u306b\u3061\u306f \u65e5\u672c\u8a9e", None
    yield "korean", "\ud55c\uad6d\uc5b4 \ud55c\uad6d", None
    yield "arabic", "\u0645\u0631\u062d\u0628\u0627 \u0645\u0631\u062d\u0628\u0627\u064b", None
    yield "hindi", "\u0928\u092e\u0938\u094d\u0924\u0947 \u0928\u092e\u0938", None
    yield "emoji", "I \u2764\ufe0f \U0001F600 and \U0001F525\U0001F525 \U0001F44D\U0001F3FD", None
    yield "emoji zwj", "\U0001F468\u200d\U0001F469\u200d\U0001F467", None
    yield "tabs and newlines", "the\tcat\nsat\r\non the\t\tmat\n", None
    yield "runs of spaces", "the    cat   sat  ", None
    yield "no-break and ideographic spaces", "the\u00a0cat\u3000sat\u2009on\u202fthe mat", None
    yield "line and paragraph separators", "the\u2028cat\u2029sat", None
    yield "odd whitespace controls", "a\u000bb\u000cc\u001cd\u001fe\u0085f", None
    yield "zero width and bom", "a\u200bb\ufeffc\u200dd\u00adf", None
    yield "control characters", "a\u0000b\u0001c\u007fd\u009fe\u001b[0m", None
    yield "replacement character", "a\ufffdb \ufffd", None
    yield "private use and unassigned", "a\ue000b \u0378c \U000F0000d", None
    yield "combining mark alone", "\u0301 a \u0301b", None
    yield "mask", "The [MASK] sat on the mat.", None
    yield "mask glued", "The[MASK]sat on the[MASK].", None
    yield "mask twice", "[MASK] [MASK]", None
    yield "lower-case mask is not special", "the [mask] sat [Mask]", None
    yield "all specials in text", "[CLS] a [SEP] b [PAD] c [UNK] d [MASK]", None
    yield "broken special", "[MASK [ MASK ] MASK] [MASKS]", None
    yield "unused token in text", "[unused0] hello", None
    yield "word of 100 characters", "x" * 100, None
    yield "word of 101 characters", "y" * 101 + " hello", None
    yield "long word of pieces", "hello" + "ing" * 30, None
    yield "long word over the limit", "hello" + "ing" * 40, None
    yield "long word with accents under the limit", "e\u0301" * 60, None
    yield "long run of punctuation", "!" * 150, None
    yield "pair", "The cat sat on the mat.", "The dog ran."
    yield "pair of empty strings", "", ""
    yield "pair with mask", "Paris is the capital of [MASK].", "It is in France."
    yield "pair with unknown words", "qqq zzz", "\u2603"
    yield "pair with cjk", "\u6211\u7231", "\u4e2d\u6587"
    yield "pair with empty second", "hello world", ""


def main():
    os.makedirs(HERE, exist_ok=True)
    tokens = make_vocabulary()
    with open(os.path.join(HERE, "vocab.txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(t + "\n" for t in tokens))
    vocabulary = {t: i for i, t in enumerate(tokens)}
    for name, lower in (("uncased", True), ("cased", False)):
        os.makedirs(os.path.join(HERE, name), exist_ok=True)
        with open(os.path.join(HERE, name, "tokenizer_config.json"), "w") as f:
            json.dump({"do_lower_case": lower, "model_max_length": 512,
                       "tokenizer_class": "BertTokenizer"}, f, indent=2)
            f.write("\n")
    cases = []
    # "default": no tokenizer_config.json, so lower case as in Hugging Face.
    for config, lower in (("uncased", True), ("cased", False), ("default", True)):
        for name, text, pair in texts():
            if config == "default" and name not in ("lecture sentence", "accents", "mask", "pair"):
                continue
            pieces, types = encode(text, pair, lower, vocabulary)
            case = {"name": "%s, %s" % (config, name), "config": config, "text": text}
            if pair is not None:
                case["pair"] = pair
            case.update({"ids": [vocabulary[p] for p in pieces], "tokens": pieces,
                         "token_types": types})
            cases.append(case)
    with open(os.path.join(HERE, "bert_cases.json"), "w", encoding="utf-8") as f:
        f.write('{"reference": "make_wordpiece_fixtures.py, Python %s, Unicode %s", "cases": [\n'
                % (".".join(map(str, __import__("sys").version_info[:3])), unicodedata.unidata_version))
        f.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in cases))
        f.write("\n]}\n")
    print("%s: %d tokens, %d cases" % (HERE, len(tokens), len(cases)))


if __name__ == "__main__":
    main()
