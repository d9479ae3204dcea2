// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The command line's help text.

#include "app/commandline.h"

#include "core/model/familydescription.h"
#include "ui/figure/figureview.h"
#include "ui/figure/tensorfigure.h"

namespace AttentionLab {

namespace {

/// The export views, from the exporter's own list, wrapped for the help text.
QString viewNames()
{
    QStringList names;
    for (const FigureView &view : figureViews())
        names << (view.name == QLatin1String("figure") ? QStringLiteral("figure (default)")
                                                       : view.name);
    QString text;
    int column = 21;
    for (qsizetype i = 0; i < names.size(); ++i) {
        const QString item =
            names[i] + (i + 1 < names.size() ? QStringLiteral(", ") : QStringLiteral(";"));
        if (column + item.size() > 80) {
            text = text.trimmed() + QStringLiteral("\n") + QString(14, QLatin1Char(' '));
            column = 14;
        }
        text += item;
        column += int(item.size());
    }
    return text;
}

/// The checkpoints of the families whose tokenizer is tokenizer.json, from
/// the registry: "Llama, SmolLM, TinyLlama, Mistral, Qwen2, Qwen3, Pythia".
QString tokenizerJsonFamilies()
{
    std::vector<std::string> names;
    for (ModelFamily family : modelFamilies()) {
        const FamilyDescription &description = familyDescription(family);
        if (description.tokenizer == TokenizerKind::TokenizerJson) {
            const std::vector<std::string> known = description.checkpointNames();
            names.insert(names.end(), known.begin(), known.end());
        }
    }
    return QString::fromStdString(joinNames(names, ", "));
}

} // namespace

QString CommandLine::usage()
{
    return QStringLiteral(
               "Usage: attention-lab [SECTION...] [--json] [OPTIONS]\n"
               "       attention-lab eval FILE\n"
               "       attention-lab bench [--n 64,256,1024,4096] [--d 64] [--json]\n"
               "       attention-lab bench --gui [--n 16,256,1024] [--d 64] [--json]\n"
               "       attention-lab bench --model MODEL [--n 128,1024] [--json]\n"
               "       attention-lab bench --gui --model MODEL [--n 32] [--json]\n"
               "       attention-lab bench --model MODEL --generate [--tokens 64] [--json]\n"
               "       attention-lab export SESSION.json -o OUT.(png|svg|pdf) [--view VIEW]\n"
               "             [--width W --height H | --scale S] [--colormap NAME]\n"
               "             [--theme light|dark] [--numbers on|off] [--title TEXT] "
               "[--transparent]\n"
               "       attention-lab animate SESSION.json -o OUT.(gif|mp4) --sweep SPEC\n"
               "             [--frames 60] [--fps 15] [--hold S] [--view VIEW] [--width W --height "
               "H | --scale S]\n"
               "             [--colormap NAME] [--theme light|dark] [--numbers on|off] [--title "
               "TEXT]\n"
               "       attention-lab animate ATTENTION -o OUT.(gif|mp4) --sweep head [--layer L]\n"
               "             [--view head|lines] [--words] [--tokens FILE] [--batch B] [--layout "
               "L]\n"
               "             [--set encoder|decoder|cross]\n"
               "       attention-lab animate MODEL --text TEXT -o OUT.(gif|mp4) --sweep "
               "generation\n"
               "             [--tokens N] [--greedy | --temperature T --top-k K --top-p P --seed "
               "S]\n"
               "             [--layer L --head H] [--view head|lines|grid|average|alignment] "
               "[--bos|--no-bos]\n"
               "             [--set encoder|decoder|cross]   (an encoder-decoder: its "
               "translation)\n"
               "       attention-lab inspect ATTENTION [--tokens FILE] [--batch B]\n"
               "             [--layout LBHQK|BLHQK] [--set encoder|decoder|cross] [--json]\n"
               "       attention-lab export ATTENTION -o OUT.(png|svg|pdf) [--view %2]\n"
               "             [--layer L] [--head H] [--words] [--tokens FILE] [--batch B] ...\n"
               "       attention-lab tokenize MODEL --text TEXT [--pair TEXT] [--bos|--no-bos]\n"
               "             [--target] [--json]\n"
               "       attention-lab model MODEL --text TEXT [--pair TEXT] [--bos|--no-bos]\n"
               "             [--json]\n"
               "             [-o OUT.(npz|safetensors) | --session L.H -o HEAD.json]\n"
               "       attention-lab model MODEL --text SOURCE [--target TARGET]\n"
               "             [--set encoder|decoder|cross] [--json]\n"
               "             [-o OUT.(npz|safetensors) | --session L.H -o HEAD.json]\n"
               "             (an encoder-decoder: T5, BART, mBART, Marian)\n"
               "       attention-lab model MODEL --repeat-random N [--seed S] [--bos|--no-bos]\n"
               "             [--json]\n"
               "             [-o OUT.(npz|safetensors) | --session L.H -o HEAD.json]\n"
               "       attention-lab generate MODEL --text TEXT [--tokens N] [--greedy |\n"
               "             --temperature T --top-k K --top-p P --seed S] [--bos|--no-bos]\n"
               "             [--json] [-o OUT.(npz|safetensors)]\n"
               "       attention-lab generate MODEL --text SOURCE [--target BEGUN] ...   (an "
               "encoder-decoder translates)\n"
               "       attention-lab lens MODEL --text TEXT [--bos|--no-bos] [--json]\n"
               "       attention-lab model MODEL --text TEXT [--ablate L.H,...]\n"
               "             [--ablation zero|mean] [--knockout L.H:I>J,...] [--measure SPEC]...\n"
               "       attention-lab sweep MODEL (--text TEXT | --repeat-random N) --measure SPEC\n"
               "             [--ablation zero|mean] [--json] [-o GRID.(png|svg|pdf)]\n"
               "       attention-lab patch MODEL --clean TEXT --corrupt TEXT --measure SPEC\n"
               "             [--over heads|residual] [--json] [-o GRID.(png|svg|pdf)]\n"
               "       (an encoder-decoder: --text and --clean/--corrupt are sources, --target\n"
               "             the target; heads as cross:L.H, encoder:L.H, decoder:L.H; sweep and\n"
               "             patch over --set encoder|decoder|cross, the decoder's by default)\n"
               "       attention-lab [--presentation] [--new-window] [SESSION.json | ATTENTION | "
               "MODEL]\n"
               "             (the window; a file or folder goes to the window already running,\n"
               "             which opens it, unless --new-window asks for another)\n"
               "\n"
               "Attention Lab makes Eq. 16.2, softmax(QK^T / sqrt(d_k)) V, something to watch\n"
               "and touch. With no arguments it opens the main window. The sections print the\n"
               "tables of Chapter 16, as its attention.py does:\n"
               "\n"
               "  --one       the lecture example: one query against three keys, every number\n"
               "  --select    keys that disagree: queries that commit and one that cannot\n"
               "  --scale     the softmax saturating without sqrt(d_k)\n"
               "                --seed S (0)  --draws N (200)  --keys K (8)\n"
               "                --dk 4,16,64,256,1024  --soft-cap C (none: the scaled\n"
               "                scores also capped, C tanh(s / C), as Gemma 2 caps them)\n"
               "  --mask      mask then softmax, against softmax then mask\n"
               "  --params    a transformer's parameters, counted\n"
               "                --vocab 50000  --d-model 512  --layers 6  --heads 8  --ffn 2048\n"
               "  --cost      what the sequence length costs one head\n"
               "                --n 128,512,2048,8192,32768  --d 64\n"
               "  --json      print the same data as one JSON object instead of tables\n"
               "\n"
               "  eval FILE   every number of a session file, as JSON: scores, logits (masked\n"
               "              cells null), weights, row sums, entropies and the output\n"
               "  export      a figure of a session as PNG, SVG or PDF, with no display needed;\n"
               "              views: %1\n"
               "              colour maps: viridis, cividis, greyscale, high-contrast\n"
               "  animate     one setting of a session swept, as a looping GIF (one palette\n"
               "              fitted to the frames) or an MP4 (H.264, yuv420p, faststart, even\n"
               "              sizes up to 16384, written by the FFmpeg plugin loaded for it);\n"
               "              frame i is the export of the i-th state\n"
               "    --sweep temperature=LO:HI:log (or :lin)   the softmax temperature\n"
               "    --sweep scale    sqrt(d_k) off for the first half of the frames, then on\n"
               "    --sweep mask     the mask before the softmax, then after it\n"
               "    --sweep key:TOKEN:COORD=FROM:TO   coordinate COORD (from 1) of TOKEN's key\n"
               "    --sweep dk=LO:HI the scale lab's experiment drawn out to larger d_k (LO, the\n"
               "                     powers of two between, HI), a point at a time; --view scale\n"
               "    --sweep head     an attention file's heads of --layer L, one second each\n"
               "    --sweep generation   a model writes after --text, one second a step\n"
               "    --frames N (60, 2 to 1000)  --fps F (15, 1 to 50)\n"
               "    --hold S     show the last frame S seconds longer (0 to 60)\n"
               "  inspect     an attention file's shape, tokens and, per layer and head, the mean\n"
               "              entropy in bits and the detector scores (previous token, first\n"
               "              token, self, duplicate token, induction, and induction over the\n"
               "              rows whose token came before: Olsson et al.'s), and the rollout\n"
               "\n"
               "  ATTENTION is a model's attention weights as numpy .npy or .npz, or\n"
               "  .safetensors: [Q,K], [H,Q,K], [L,H,Q,K], [1,L,H,Q,K] or [L,1,H,Q,K] (--batch B\n"
               "  picks one item of a larger batch; --layout says which of [L,B,H,Q,K] and\n"
               "  [B,L,H,Q,K] a five-axis array is when both leading axes are over 1), or one\n"
               "  array per layer whose name ends in its number; tokens from the file or\n"
               "  --tokens FILE (a JSON list, or one a line). An encoder-decoder's file holds\n"
               "  three attentions (encoder_attentions, decoder_attentions, cross_attentions,\n"
               "  with encoder_tokens and decoder_tokens): --set encoder|decoder|cross picks\n"
               "  one; without it inspect describes each and export and animate take the\n"
               "  decoder's.\n"
               "  Layers, heads and tokens are numbered from 0.\n"
               "\n"
               "  tokenize    the ids and tokens a model's tokenizer gives a text (GPT-2's\n"
               "              byte-level BPE, BERT's WordPiece with [CLS] and [SEP])\n"
               "  model       runs the model on the text: its tokens, each head's mean entropy\n"
               "              and GPT-2's five most likely next tokens or BERT's guesses at\n"
               "              each [MASK]; -o writes every attention matrix for inspect, export\n"
               "              and the window; --session L.H -o HEAD.json writes head L.H as a\n"
               "              session: its q, k and v rows, d_k the head size, the model's mask\n"
               "    --pair TEXT  BERT's second sentence: [CLS] TEXT [SEP] PAIR [SEP]\n"
               "    --bos        begin with the beginning-of-text token (GPT-2: <|endoftext|>,\n"
               "                 as TransformerLens does; Llama: <s> or <|begin_of_text|>)\n"
               "    --no-bos     without it, though the model's tokenizer.json adds it\n"
               "    --repeat-random N  instead of a text, Olsson et al.'s induction probe: N\n"
               "                 distinct random tokens of the vocabulary, then those N again;\n"
               "                 inspect's \"induction over repeats\" scores it\n"
               "    --seed S     the probe's tokens: PCG64 as numpy seeds it (0)\n"
               "  generate    a causal model writes after the text, one token at a time with a\n"
               "              key/value cache, printed as it comes; it stops after --tokens\n"
               "              (20), at the model's end-of-text token or at its last position;\n"
               "              --json gives tokens, ids, prompt_length and each step's token,\n"
               "              id, p, rank and top five; -o writes the whole text's attention\n"
               "    --greedy          the most likely token each time (the default)\n"
               "    --temperature T   sample from softmax(logits / T), T > 0 (1)\n"
               "    --top-k K         from the K most likely tokens only (all)\n"
               "    --top-p P         then from the fewest whose probabilities reach P,\n"
               "                      0 < P <= 1 (1)\n"
               "    --seed S          the sampler's seed: PCG64 as numpy seeds it (0); the\n"
               "                      same seed writes the same text\n"
               "  lens        the logit lens: at each position, each layer's five most likely\n"
               "              next tokens, the final norm and the unembedding applied to the\n"
               "              residual stream after that block; the last layer's are the\n"
               "              model's own\n"
               "  Experiments on heads (GPT-2, BERT and the decoders):\n"
               "    --ablate L.H,...   model: zero each head's output before the output\n"
               "                       projection (L.kvK: every query head of key/value head K)\n"
               "    --ablation mean    replace it by its mean over the positions instead\n"
               "    --knockout L.H:I>J,...  model: query I's score on key J minus infinity\n"
               "                       before the softmax in head L.H (L.*: every head)\n"
               "    --measure SPEC     prob:TOKEN, logitdiff:A,B, loss (tokens 1 to n - 1),\n"
               "                       loss:FROM-TO or kl (from the pass without the\n"
               "                       interventions, in nats); a token as its text (\" Mary\")\n"
               "                       or #ID; at --position P (the last)\n"
               "  sweep       each head ablated in turn: the L x H changes of the measure\n"
               "  patch       each head's output (--over heads) or each residual position\n"
               "              entering a layer (--over residual) of the corrupted text's pass\n"
               "              taken from the clean text's (of as many tokens): the changes and\n"
               "              the share of the clean-minus-corrupted gap each restores\n"
               "\n"
               "  MODEL is a model's folder as the Hugging Face hub has it: config.json,\n"
               "  model.safetensors or its shards (F32, F16 or BF16) and the tokenizer:\n"
               "  vocab.json with merges.txt (GPT-2), vocab.txt (BERT) or tokenizer.json\n"
               "  (%3). It runs\n"
               "  natively: no Python, no network. MODEL may be builtin: the model that\n"
               "  comes with the program, a 4-layer GPT-2 trained on WordNet's definitions\n"
               "  and examples; or builtin-en-fr: the translator that comes with it, a\n"
               "  Marian model trained on Debian's French message catalogues.\n"
               "\n"
               "  bench       median milliseconds of a full causal pass for each n\n"
               "  bench --gui median milliseconds from moving a key to every view repainted,\n"
               "              in the real window on the offscreen platform, the start-up, and\n"
               "              the Model tab: a 12 x 12 x 1024 x 1024 tensor to a drawn grid, a\n"
               "              head switch at n = 1024, a zoom and a pan step at n = 4096\n"
               "  bench --model MODEL\n"
               "              median milliseconds of one float32 forward pass of a GPT-2 or\n"
               "              BERT checkpoint folder (config.json, model.safetensors)\n"
               "  bench --gui --model MODEL\n"
               "              median milliseconds from a keystroke in the model's text (of\n"
               "              --n tokens, 32) to the Model tab's grid redrawn\n"
               "  bench --model MODEL --generate\n"
               "              at a prompt of 128 tokens, milliseconds to the first generated\n"
               "              token and the median per token after it (--tokens, 64)\n"
               "\n"
               "  -h, --help     show this text\n"
               "  -v, --version  show the version\n"
               "\n"
               "Exit status: 0 on success, 2 when the arguments or a file cannot be used.\n")
        .arg(viewNames(),
             tensorFigureViewNames().replace(QStringLiteral(", "), QStringLiteral("|")),
             tokenizerJsonFamilies());
}

} // namespace AttentionLab
