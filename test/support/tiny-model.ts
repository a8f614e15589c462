import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { onnx } from 'onnx-proto';

/**
 * A tiny sentence-embedding model that transformers.js loads exactly like a real one: a BERT-style
 * folder (config.json, tokenizer.json, tokenizer_config.json, onnx/model_quantized.onnx) whose
 * graph is one embedding-table lookup (Gather). Mean pooling over it gives a random projection of
 * the bag of words: enough to exercise the real loading and pooling code, with no semantics beyond
 * shared words. No real weights can be downloaded on the machines the tests run on.
 */

export const TINY_DIM = 16;

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];

/** Words of the arena's tasks and a few more, so most test text maps to real tokens. */
const WORDS = `a an the to from on in for of and or with my me book flight flights cheapest shortest earliest
latest one way return trip boston denver chicago seattle new york miami austin search find show send email
reply message inbox write compose buy order shop cart checkout product add pay card date passenger name
first last title day month year continue save submit select choose check click open login sign account
settings profile delete archive forward subject body to cc task weather hotel room book booking cancel`
  .split(/\s+/)
  .filter(Boolean);

export const TINY_VOCAB = [...SPECIAL, ...new Set(WORDS)];

/** A deterministic pseudo-random table, so every run writes the same model. */
function table(rows: number, dim: number): Float32Array {
  const out = new Float32Array(rows * dim);
  let seed = 12345;
  for (let i = 0; i < out.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out[i] = seed / 0x7fffffff - 0.5;
  }
  // [PAD] embeds to zero, so padding never moves a mean.
  out.fill(0, 0, dim);
  return out;
}

function graph(vocab: number, dim: number): Uint8Array {
  const weights = table(vocab, dim);
  const model = onnx.ModelProto.create({
    irVersion: 7,
    producerName: 'copilot-tests',
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'tiny-embedding',
      node: [{ opType: 'Gather', input: ['embeddings', 'input_ids'], output: ['last_hidden_state'], name: 'lookup', attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] }],
      initializer: [
        {
          name: 'embeddings',
          dims: [vocab, dim],
          dataType: onnx.TensorProto.DataType.FLOAT,
          rawData: new Uint8Array(weights.buffer),
        },
      ],
      input: [
        {
          name: 'input_ids',
          type: { tensorType: { elemType: onnx.TensorProto.DataType.INT64, shape: { dim: [{ dimParam: 'batch' }, { dimParam: 'sequence' }] } } },
        },
      ],
      output: [
        {
          name: 'last_hidden_state',
          type: {
            tensorType: {
              elemType: onnx.TensorProto.DataType.FLOAT,
              shape: { dim: [{ dimParam: 'batch' }, { dimParam: 'sequence' }, { dimValue: dim }] },
            },
          },
        },
      ],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

function tokenizerJson(vocab: string[]): unknown {
  const ids = Object.fromEntries(vocab.map((w, i) => [w, i]));
  const special = (content: string) => ({ id: ids[content], content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map(special),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [ids['[CLS]']], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [ids['[SEP]']], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: ids },
  };
}

/** Writes the model folder `<dir>/<name>/...` and returns the folder of that name. */
export async function writeTinyModel(dir: string, name: string): Promise<string> {
  const root = join(dir, name);
  await mkdir(join(root, 'onnx'), { recursive: true });
  const config = { model_type: 'bert', architectures: ['BertModel'], hidden_size: TINY_DIM, vocab_size: TINY_VOCAB.length, max_position_embeddings: 512 };
  const tokenizerConfig = { tokenizer_class: 'BertTokenizer', do_lower_case: true, model_max_length: 512, unk_token: '[UNK]', pad_token: '[PAD]', cls_token: '[CLS]', sep_token: '[SEP]', mask_token: '[MASK]' };
  await writeFile(join(root, 'config.json'), JSON.stringify(config));
  await writeFile(join(root, 'tokenizer.json'), JSON.stringify(tokenizerJson(TINY_VOCAB)));
  await writeFile(join(root, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig));
  await writeFile(join(root, 'onnx', 'model_quantized.onnx'), graph(TINY_VOCAB.length, TINY_DIM));
  return root;
}
