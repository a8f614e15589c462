// Built on its own into dist/tokenizer.js (a web-accessible ES module) and imported by the
// content script only when it first needs to count tokens.
export { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
