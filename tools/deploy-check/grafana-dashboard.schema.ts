/**
 * The part of Grafana's dashboard model an import relies on (schemaVersion 39): a titled
 * dashboard with a stable uid, a Prometheus data source variable, and panels that each place
 * themselves on the grid and query that data source.
 */
export const GRAFANA_DASHBOARD_SCHEMA = {
  type: 'object',
  required: ['title', 'uid', 'schemaVersion', 'panels', 'templating', 'time'],
  properties: {
    title: { type: 'string', minLength: 1 },
    uid: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,40}$' },
    schemaVersion: { type: 'integer', minimum: 36 },
    time: {
      type: 'object',
      required: ['from', 'to'],
      properties: { from: { type: 'string' }, to: { type: 'string' } },
    },
    templating: {
      type: 'object',
      required: ['list'],
      properties: {
        list: {
          type: 'array',
          contains: {
            type: 'object',
            required: ['name', 'type', 'query'],
            properties: {
              name: { const: 'datasource' },
              type: { const: 'datasource' },
              query: { const: 'prometheus' },
            },
          },
        },
      },
    },
    panels: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['id', 'type', 'title', 'gridPos', 'datasource', 'targets'],
        properties: {
          id: { type: 'integer', minimum: 1 },
          type: { enum: ['timeseries', 'stat', 'gauge', 'table', 'bargauge', 'heatmap'] },
          title: { type: 'string', minLength: 1 },
          gridPos: {
            type: 'object',
            required: ['x', 'y', 'w', 'h'],
            properties: {
              x: { type: 'integer', minimum: 0, maximum: 23 },
              y: { type: 'integer', minimum: 0 },
              w: { type: 'integer', minimum: 1, maximum: 24 },
              h: { type: 'integer', minimum: 1 },
            },
          },
          datasource: {
            type: 'object',
            required: ['type', 'uid'],
            properties: { type: { const: 'prometheus' }, uid: { const: '${datasource}' } },
          },
          targets: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['refId', 'expr'],
              properties: {
                refId: { type: 'string', pattern: '^[A-Z]$' },
                expr: { type: 'string', minLength: 1 },
              },
            },
          },
        },
      },
    },
  },
} as const;
