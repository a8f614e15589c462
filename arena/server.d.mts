export interface Arena {
  url: string;
  port: number;
  close(): Promise<void>;
}
export function startArena(options?: { port?: number; host?: string }): Promise<Arena>;
