// Kept so older imports keep working; the vocabulary lives in ./secrets.ts.
export { SECRET_NAME } from '../core/secrets';
