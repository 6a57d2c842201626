export interface WarmupState {
  readonly warming_up: boolean;
  readonly warming_up_enabled: boolean;
  readonly warming_up_started_at?: string;
  readonly warming_up_finished_at?: string;
  readonly warming_up_error?: string;
}

export type WarmupTask = () => Promise<void>;

interface TaskEntry {
  readonly name: string;
  readonly run: WarmupTask;
  promise?: Promise<void>;
  settled?: boolean;
  error?: string;
}

/**
 * Background start-up work (FHIR packages, mapping stores). With warm-up enabled every task starts right after
 * `listen`; with it disabled a task starts the first time something needs it (`need`). Failures are recorded,
 * never thrown at the process: the service keeps serving what does not depend on the failed task.
 */
export class Warmup {
  private readonly tasks = new Map<string, TaskEntry>();
  private startedAt: Date | undefined;
  private finishedAt: Date | undefined;
  private running = 0;

  constructor(readonly enabled: boolean) {}

  add(name: string, run: WarmupTask): void {
    this.tasks.set(name, { name, run });
  }

  /** Starts every task (warm-up enabled) and resolves when all have settled. */
  async start(): Promise<void> {
    if (!this.enabled) return;
    await Promise.all([...this.tasks.keys()].map((name) => this.need(name).catch(() => undefined)));
  }

  /** Resolves when the task has finished; rejects with its error. Starts it if it has not started. */
  need(name: string): Promise<void> {
    const task = this.tasks.get(name);
    if (!task) return Promise.resolve();
    task.promise ??= this.runTask(task);
    return task.promise;
  }

  /** True once the task has finished or failed: the hot path checks this before awaiting anything. */
  settled(name: string): boolean {
    const task = this.tasks.get(name);
    return task === undefined || task.settled === true;
  }

  /** Like `need`, but gives up after `ms` milliseconds with a timeout error. */
  async needWithin(name: string, ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new WarmupTimeoutError(name, ms)), ms);
    });
    try {
      await Promise.race([this.need(name), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  failure(name: string): string | undefined {
    return this.tasks.get(name)?.error;
  }

  state(): WarmupState {
    const errors = [...this.tasks.values()].flatMap((t) => (t.error ? [`${t.name}: ${t.error}`] : []));
    return {
      warming_up: this.running > 0,
      warming_up_enabled: this.enabled,
      ...(this.startedAt ? { warming_up_started_at: this.startedAt.toISOString() } : {}),
      ...(this.finishedAt && this.running === 0
        ? { warming_up_finished_at: this.finishedAt.toISOString() }
        : {}),
      ...(errors.length ? { warming_up_error: errors.join('; ') } : {}),
    };
  }

  private async runTask(task: TaskEntry): Promise<void> {
    this.running++;
    this.startedAt ??= new Date();
    try {
      await task.run();
    } catch (err) {
      task.error = err instanceof Error ? err.message : String(err);
      throw err;
    } finally {
      task.settled = true;
      this.running--;
      if (this.running === 0) this.finishedAt = new Date();
    }
  }
}

export class WarmupTimeoutError extends Error {
  override readonly name = 'WarmupTimeoutError';
  readonly code = 'WARMUP_TIMEOUT';
  constructor(task: string, ms: number) {
    // the WARMING_UP answer puts this in its sentence (`SERVICE_ERRORS` in @mapx/api)
    super(`${task} not ready after ${ms} ms`);
  }
}
