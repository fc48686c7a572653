/**
 * Prints the longest functions of main/, renderer/ and common/ (issue 33's
 * rule: none over 200 lines). `npx tsx scripts/longest-functions.ts [N]`.
 */
import { longestFunctions } from './code-shape/function-lengths';

const most = Number(process.argv[2] ?? 15);
const root = process.cwd();
for (const folder of ['main', 'renderer', 'common']) {
  console.log(`\n${folder}/`);
  for (const f of longestFunctions(root, [folder], most))
    console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.where}`);
}
