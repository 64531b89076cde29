/** The port of the report receiver the lines start (a test gives it another one). */
export const TRY_IT_RECEIVER_PORT = 9999;

/**
 * What `npm start` prints under "Try it" for the demo key: bash lines (with jq) that write and
 * search a page, save a workflow from an explicit plan, run it, read its report, then have the
 * next run's report delivered to a receiver on this machine, and list the MCP tools. They use
 * the ids the answers give, so they work whatever else the company holds.
 */
export function tryItLines(
  base: string,
  key: string,
  receiverPort = TRY_IT_RECEIVER_PORT,
): string[] {
  const auth = '-H "Authorization: Bearer $KEY"';
  const json = `${auth} -H 'content-type: application/json'`;
  const plan = JSON.stringify({
    start_as: 'active',
    intent: {
      name: 'Greeting',
      inputs: [{ name: 'who', type: 'text', required: true }],
      steps: [{ id: 'greet', block: 'text.compose', template: 'Hello, {{inputs.who}}.' }],
      deliverables: [{ name: 'greeting', required: true, from_step: 'greet' }],
    },
  });
  const receiver =
    "require('http').createServer((q,s)=>{let b='';q.on('data',c=>b+=c);q.on('end',()=>{s.end();" +
    "if(q.method!=='POST')return;console.log('delivered:',JSON.parse(b).presentation.deliverables[0].value);" +
    `process.exit()})}).listen(${receiverPort})`;
  const receiverUrl = `http://127.0.0.1:${receiverPort}`;
  return [
    `  KEY=${key}`,
    `  curl -s ${json} \\`,
    `    -d '{"title":"Welcome","markdown":"Hello, wiki.","path":"/Company"}' ${base}/api/wiki/pages/upserts | jq -c '{outcome, path: .page.path}'`,
    `  curl -s ${auth} '${base}/api/wiki/search?q=hello' | jq -c '[.results[].path]'`,
    `  # a workflow from an explicit plan, a run, and its report once the run is done:`,
    `  WORKFLOW=$(curl -s ${json} -d '${plan}' \\`,
    `    ${base}/api/workflows/blocks/design | jq -r .workflow.id)`,
    `  RUN=$(curl -s ${json} -d '{"inputs":{"who":"team"}}' ${base}/api/workflows/$WORKFLOW/run | jq -r .run_id)`,
    `  until curl -s ${auth} ${base}/api/reports/$RUN | jq -e .completed_at >/dev/null; do sleep 0.5; done`,
    `  curl -s ${auth} ${base}/api/reports/$RUN | jq -r '.presentation.deliverables[0].value'`,
    `  # the next run's report, delivered to a receiver on this machine (it prints it, then stops):`,
    `  node -e "${receiver}" &`,
    `  until curl -s ${receiverUrl}/; do sleep 0.2; done`,
    `  curl -s ${json} -d '{"target_url":"${receiverUrl}/hooks","workflow_public_id":"'$WORKFLOW'"}' ${base}/api/report-hooks | jq -c '{id, target}'`,
    `  curl -s ${json} -d '{"inputs":{"who":"hooks"}}' ${base}/api/workflows/$WORKFLOW/run | jq -c .; wait`,
    `  # the MCP server's tools, listed by the MCP Inspector CLI (no browser needed):`,
    `  npx mcp-inspector --cli ${base}/mcp --transport http --header "Authorization: Bearer $KEY" --method tools/list | jq -r '.tools[].name'`,
  ];
}
