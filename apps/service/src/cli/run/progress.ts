import { SingleBar, Presets } from 'cli-progress';

export interface ProgressStats {
  readonly done: number;
  readonly failed: number;
  readonly skipped: number;
  readonly bytesRead: number;
}

export interface Progress {
  update(stats: ProgressStats): void;
  stop(stats: ProgressStats): void;
}

/** A bar with rate and ETA on a terminal; JSON lines on stderr otherwise (a log collector reads them). */
export function createProgress(
  mode: 'auto' | 'bar' | 'json' | 'off',
  totalBytes: number | undefined,
): Progress {
  const chosen = mode === 'auto' ? (process.stderr.isTTY ? 'bar' : 'json') : mode;
  if (chosen === 'off') return { update: () => undefined, stop: () => undefined };
  return chosen === 'bar' ? barProgress(totalBytes) : jsonProgress(totalBytes);
}

const JSON_INTERVAL_MS = 2_000;

function jsonProgress(totalBytes: number | undefined): Progress {
  const started = Date.now();
  let last = 0;
  const line = (stats: ProgressStats, final: boolean) => {
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? stats.done / seconds : 0;
    const fraction = totalBytes ? stats.bytesRead / totalBytes : undefined;
    const eta =
      fraction && fraction > 0 && !final ? Math.round((seconds / fraction) * (1 - fraction)) : undefined;
    const progress = {
      ...stats,
      ...(totalBytes === undefined ? {} : { bytesTotal: totalBytes }),
      ratePerSecond: Math.round(rate * 10) / 10,
      ...(eta === undefined ? {} : { etaSeconds: eta }),
      elapsedSeconds: Math.round(seconds),
    };
    process.stderr.write(`${JSON.stringify({ progress })}\n`);
  };
  return {
    update(stats) {
      const now = Date.now();
      if (now - last < JSON_INTERVAL_MS) return;
      last = now;
      line(stats, false);
    },
    stop: (stats) => line(stats, true),
  };
}

function barProgress(totalBytes: number | undefined): Progress {
  const started = Date.now();
  const bar = new SingleBar(
    {
      format: totalBytes
        ? '{bar} {percentage}% | {done} done, {failed} failed | {rate}/s | ETA {eta_formatted}'
        : '{done} done, {failed} failed | {rate}/s',
      etaBuffer: 50,
      fps: 5,
      stream: process.stderr,
    },
    Presets.shades_classic,
  );
  bar.start(totalBytes ?? 1, 0, { done: 0, failed: 0, rate: 0 });
  const payload = (stats: ProgressStats) => {
    const seconds = (Date.now() - started) / 1000;
    return {
      done: stats.done,
      failed: stats.failed,
      rate: seconds > 0 ? Math.round(stats.done / seconds) : 0,
    };
  };
  return {
    update: (stats) => bar.update(stats.bytesRead, payload(stats)),
    stop(stats) {
      bar.update(totalBytes ?? 1, payload(stats));
      bar.stop();
    },
  };
}
