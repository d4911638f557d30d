// @inkprint/sentence-encoder: all-MiniLM-L6-v2 sentence embeddings (ONNX, onnxruntime-node) and the BERT WordPiece
// tokenizer they need (docs/humaniser.md, "Meaning guard"). The tokenizer reads any BERT-style tokenizer.json.
export * from './wordpiece';
export * from './encoder';
