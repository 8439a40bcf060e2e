// `npm run size`: gzip size of the JavaScript and CSS each public route loads before it renders
// (and of all the JavaScript it can load), from the build's manifest, checked against
// budgets.json. Deterministic: it reads files, it times nothing. `npm test` runs the same check.
import { readFileSync } from 'node:fs';
import { insightsLoad, loadBuild, measureRoutes } from './bundle-graph.mjs';

const dirArg = process.argv.find((a) => a.startsWith('--dir='));
const graph = loadBuild(dirArg ? dirArg.slice('--dir='.length) : undefined);
const budgets = JSON.parse(readFileSync('budgets.json', 'utf8')).routes;
const kb = (bytes) => (bytes / 1024).toFixed(1);

let failed = 0;
const rows = measureRoutes(graph).map((m) => {
  const b = budgets[m.route] ?? budgets['*'];
  const cell = (value, limit) => {
    const over = value > limit * 1024;
    if (over) failed++;
    return `${kb(value)} / ${limit}${over ? ' ✖' : ''}`;
  };
  return [m.route, cell(m.jsBeforeRender, b.jsBeforeRender), cell(m.jsIdle, b.jsIdle), cell(m.jsAll, b.jsAll), cell(m.css, b.css)];
});

const head = ['route', 'JS before taken over (kB gz / budget)', 'JS without interaction', 'JS in all', 'CSS'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(`\nBundle sizes of ${graph.dir}\n`);
console.log(line(head));
console.log(line(widths.map((w) => '-'.repeat(w))));
rows.forEach((r) => console.log(line(r)));
// the measurement script (docs/insights.md), on every public page when the browser is idle
const insights = insightsLoad(graph);
const insightsBudget = JSON.parse(readFileSync('budgets.json', 'utf8')).insights.script;
const insightsOver = insights.bytes > insightsBudget * 1024;
if (insightsOver) failed++;
console.log(`\nThe measurement script: ${kb(insights.bytes)} / ${insightsBudget} kB gz${insightsOver ? ' ✖' : ''} (${insights.js.join(', ')})`);
console.log(failed ? `\n${failed} budget(s) exceeded` : '\nAll budgets met');
process.exit(failed ? 1 : 0);
