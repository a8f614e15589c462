export type { WebPolicy } from '../ctx';
