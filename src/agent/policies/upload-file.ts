import guidance from '../../../prompts/policy-upload-file.md?raw';
import type { WebPolicy } from '../ctx';

export const uploadFile: WebPolicy = {
  name: 'UPLOAD_FILE',
  usage: 'UPLOAD_FILE "field" "file name": put a file the person attached into a file field or drop zone',
  guidance,
};
