import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Registry, type Metric } from 'prom-client';
import { RequestDurations } from './request-durations.ts';

type Labels = Record<string, string>;
export type Sample = number | Array<{ labels: Labels; value: number }>;

export type Reading = {
  /** Prometheus name: lower snake case, with its unit (`_seconds`, `_total` for counters). */
  name: string;
  help: string;
  labelNames?: string[];
  /** Read when Prometheus scrapes; a number, or one value per label set. */
  read: () => Sample | Promise<Sample>;
};

/**
 * The app's Prometheus registry (its own, so several apps in one test process do not mix).
 * Plugins add what they know as readings taken when Prometheus scrapes, never on a timer:
 * `app.metrics.gauge(...)` for a level (a backlog, a pool's use), `app.metrics.counter(...)`
 * for a count a service keeps and that only grows.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new RequestDurations();

  constructor(private readonly log: FastifyBaseLogger) {
    // Shaped as prom-client reads its own metrics (`get`, `reset`); see request-durations.ts.
    this.registry.registerMetric(this.requests as unknown as Metric);
  }

  /** A failed reading shows as NaN (or no series), logged, and never fails the scrape. */
  private async take(reading: Reading): Promise<Sample | null> {
    try {
      return await reading.read();
    } catch (err) {
      this.log.warn({ err, metric: reading.name }, 'metric reading failed');
      return null;
    }
  }

  /** What every reading's metric is made with. */
  private described(reading: Reading) {
    const { name, help, labelNames = [] } = reading;
    return { name, help, labelNames, registers: [this.registry] };
  }

  gauge(reading: Reading): void {
    const take = () => this.take(reading);
    new Gauge({
      ...this.described(reading),
      async collect() {
        const sample = await take();
        this.reset();
        if (sample === null) {
          if (!reading.labelNames?.length) this.set(Number.NaN);
        } else if (typeof sample === 'number') this.set(sample);
        else for (const { labels, value } of sample) this.set(labels, value);
      },
    });
  }

  counter(reading: Reading): void {
    const take = () => this.take(reading);
    new Counter({
      ...this.described(reading),
      async collect() {
        const sample = await take();
        if (sample === null) return;
        this.reset();
        if (typeof sample === 'number') this.inc(sample);
        else for (const { labels, value } of sample) this.inc(labels, value);
      },
    });
  }
}
