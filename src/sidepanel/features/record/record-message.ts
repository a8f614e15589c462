/** What the record bar says after an action of its own or of one of its parts (the steps, the extracted table). */
export type Message = { kind: 'ok' | 'error'; text: string; untilNextAction?: boolean };
