export { type GaugeSample, MetricsRegistry, type SampledGaugeDefinition } from './metrics.registry';
export { MetricsServer } from './metrics.server';
export { oncePerScrape } from './once-per-scrape';
