export interface Scenario {
  id: string;
  task: string;
  text: string;
  startUrl: string;
  seed: number;
  layout: number;
}
export interface Score {
  success: 0 | 1;
  progress: number;
  reason: string;
  violations?: string[];
}
export interface TaskInfo {
  name: string;
  description: string;
  variesLayout: boolean;
}
export function createScenario(baseUrl: string, task: string, seed?: number, layout?: number): Promise<Scenario>;
export function score(baseUrl: string, scenarioId: string): Promise<Score>;
export function listTasks(baseUrl: string): Promise<TaskInfo[]>;
