import type { XService } from '@cw/platform';
import type { DescribedOperation } from '../description/described-operation';
import { matchOperations } from './match-operations';

function operation(
  operationId: string,
  method: string,
  path: string,
  summary: string,
  tags: string[],
  mcpTools: string[] = [],
): DescribedOperation {
  const xService: XService = {
    authentication: 'person',
    required_scopes: ['wiki:read'],
    operator_requirements: [],
    policy_requirements: [],
    resource_authorization: 'checked_at_execution',
    mcp_tools: mcpTools,
  };
  return { operationId, method, path, summary, tags, xService, operation: {} };
}

const OPERATIONS = [
  operation(
    'readPage',
    'GET',
    '/api/wiki/pages/{page_id}',
    'Reads one page.',
    ['wiki'],
    ['read_page'],
  ),
  operation(
    'readPageVersion',
    'GET',
    '/api/wiki/pages/{page_id}/versions/{version}',
    'One version.',
    ['wiki'],
  ),
  operation(
    'searchWiki',
    'GET',
    '/api/wiki/search',
    'Full-text search.',
    ['wiki'],
    ['search_wiki'],
  ),
  operation('runWorkflow', 'POST', '/api/workflows/{workflow_id}/run', 'Starts a run.', [
    'workflows',
  ]),
];

const ids = (query: string) => matchOperations(OPERATIONS, query).map((each) => each.operationId);

describe('matching a discovery query', () => {
  it('names every operation for an empty or blank query', () => {
    expect(ids('')).toHaveLength(OPERATIONS.length);
    expect(ids('   ')).toHaveLength(OPERATIONS.length);
  });

  it('matches the id, path, summary, tag and MCP tool name, case-insensitively', () => {
    expect(ids('SEARCHWIKI')).toEqual(['searchWiki']);
    expect(ids('/api/workflows/')).toEqual(['runWorkflow']);
    expect(ids('full-text')).toEqual(['searchWiki']);
    expect(ids('workflows')).toEqual(['runWorkflow']);
    expect(ids('read_page')).toEqual(['readPage']);
  });

  it('needs every word to match, the method included', () => {
    expect(ids('wiki version')).toEqual(['readPageVersion']);
    expect(ids('post run')).toEqual(['runWorkflow']);
    expect(ids('get run')).toEqual([]);
  });

  it('lets an exact operation id name that operation alone', () => {
    expect(ids('readpage')).toEqual(['readPage']);
    expect(ids('readPag')).toEqual(['readPage', 'readPageVersion']);
  });

  it('finds nothing for words no operation has', () => {
    expect(ids('wiki nonexistentword')).toEqual([]);
  });
});
