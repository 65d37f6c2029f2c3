/** One measured figure, compared with a baseline measured in the same run. */
export type Figure = {
  scenario: string;
  figure: string;
  value: number;
  unit: string;
  /** `unit` when the baseline is in another unit than the figure (a ratio figure against a latency). */
  baseline?: { label: string; value: number; unit?: string };
  /** value / baseline (or baseline / value for "lower is better" figures, so ≥ goal passes). */
  ratio?: number;
  goal?: string;
  pass?: boolean;
  /** The size the scenario ran at: 'full' (the goals' sizes, `--full`) or 'quick'. */
  mode?: 'quick' | 'full';
};

export type BenchContext = {
  full: boolean;
  repoRoot: string;
  databaseAdminUrl: string;
  redisUrl: string;
  log(message: string): void;
};

export type Scenario = {
  name: string;
  description: string;
  run(context: BenchContext): Promise<Figure[]>;
};
