// `node tools/runtime/node.mjs <script | node options> [args…]`: runs Node with these arguments
// on the project's Node (.node-version), which every npm script goes through. A machine whose
// Node is another gets the pinned release from the npm registry once (project-node.js says how).
import projectNode from './project-node.js';

projectNode.main(process.argv.slice(2));
