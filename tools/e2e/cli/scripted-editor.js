// A scripted $EDITOR for the cw e2e test: `node scripted-editor.js <file>`. It appends
// CW_TEST_EDIT to the file; with CW_TEST_RACE_URL set, it first saves CW_TEST_RACE_TEXT to the
// page through the API (as another person would while the editor is open).
const { readFileSync, writeFileSync } = require('node:fs');

async function main() {
  const file = process.argv[2];
  if (process.env.CW_TEST_RACE_URL) {
    const page = await fetch(process.env.CW_TEST_RACE_URL, {
      headers: { authorization: `Bearer ${process.env.CW_TEST_RACE_TOKEN}` },
    }).then((response) => response.json());
    const saved = await fetch(`${process.env.CW_TEST_RACE_URL}/content`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${process.env.CW_TEST_RACE_TOKEN}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        title: page.title,
        markdown: process.env.CW_TEST_RACE_TEXT,
        expected_version: page.page.current_version,
        mutation_id: crypto.randomUUID(),
      }),
    });
    if (!saved.ok) throw new Error(`race save failed: ${saved.status}`);
  }
  writeFileSync(file, readFileSync(file, 'utf8') + process.env.CW_TEST_EDIT);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
