#!/usr/bin/env node
// npm run security: Electronegativity over main/, preload/ and the built out/,
// failing on every finding that is not justified inline.
//
// Electronegativity exits 0 whatever it finds, so this script runs it through
// its documented programmatic API (the same findings it writes as SARIF/CSV,
// plus the parse errors those files leave out: a file it could not parse is a
// file it did not check) and decides itself. The SARIF report is still written
// to test-results/electronegativity.sarif for CI.
//
// HOW TO JUSTIFY A FINDING
// Put Electronegativity's own annotation on the line it reports, with the
// reason beside it (at least three words):
//
//   await shell.openExternal(url.value); // eng-disable OPEN_EXTERNAL_JS_CHECK -- url is safeExternalUrl()'s output
//   new BrowserWindow(opts); /* eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK -- options from window-options.ts, tested there */
//
// In HTML, Electronegativity only reads check names inside its comment, so the
// reason is the comment right after it on the same line:
//
//   <!-- eng-disable CSP_GLOBAL_CHECK --><!-- 'self' is app://bundle: only our own files -->
//
// Rules this script adds to Electronegativity's:
// - every eng-disable needs a reason; a bare one fails the check;
// - every name in it must be a real check (a typo would silently disable nothing);
// - no file-wide disables in JS/TS (an annotation on line 1 covers the whole
//   file there and would hide future findings). HTML may use line 1, because a
//   formatted <meta> spans several lines and its check is a global one;
// - built output (out/) loses comments when bundled, so a finding there is
//   accepted only when the sources bundled into it (main/ or preload/ or
//   renderer/, and common/) carry at least as many justified annotations of
//   that check. Third-party code bundled into preload/renderer has no source
//   line of ours: justify it in the entry file of that bundle, saying which
//   library and why.
// - "N/A" findings (a global check found something missing app-wide, e.g. no
//   navigation limits) cannot be annotated: they fail until the code is fixed.
//
// Usage: node scripts/security-check.mjs [--root <dir>] [--sarif <file>] [--verbose]
// Exit codes: 0 clean, 1 unjustified findings or bad annotations, 2 could not run.
import {
  mkdirSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What the brief asks us to scan, relative to the root. */
const SCANNED = ['main', 'preload', 'out'];
/** Which source folders end up in which bundle of out/. */
const BUNDLE_SOURCES = {
  main: ['main', 'common'],
  preload: ['preload', 'common'],
  renderer: ['renderer', 'common'],
};
/**
 * Not run: it only judges the Electron version found in a package.json (none
 * is scanned here) and downloads GitHub's release list on every run.
 */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
const SOURCE_EXTENSIONS = /\.(?:[cm]?js|jsx|ts|tsx|html?)$/i;
const MIN_REASON_WORDS = 3;

function parseArgs(argv) {
  const args = { root: REPO, sarif: null, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--root') args.root = resolve(argv[++i] ?? '');
    else if (arg === '--sarif') args.sarif = resolve(argv[++i] ?? '');
    else if (arg === '--verbose') args.verbose = true;
    else
      throw new Error(
        `Unknown argument "${arg}". Usage: security-check.mjs [--root <dir>] [--sarif <file>] [--verbose]`,
      );
  }
  args.sarif ??= join(args.root, 'test-results', 'electronegativity.sarif');
  return args;
}

function listSourceFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSourceFiles(path));
    else if (entry.isFile() && SOURCE_EXTENSIONS.test(entry.name)) out.push(path);
  }
  return out;
}

const isHtml = (file) => /\.html?$/i.test(file);

/**
 * Every eng-disable annotation in a file, with the reason found beside it.
 * The patterns are Electronegativity's own (src/util/exceptions.js), so what
 * we see is exactly what it honours.
 */
export function findAnnotations(text, file) {
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (isHtml(file)) {
      const m = /<!--[ \t]*eng-disable[ \t]+([\w \t]+)-->(.*)$/is.exec(line);
      if (!m) {
        if (/eng-disable/.test(line))
          found.push({ file, line: index + 1, checks: [], reason: '', malformed: true });
        return;
      }
      const next = /^\s*<!--(.*?)-->/s.exec(m[2] ?? '');
      found.push({
        file,
        line: index + 1,
        checks: splitChecks(m[1]),
        reason: (next?.[1] ?? '').trim(),
      });
      return;
    }
    const m = /(\/\*|\/\/)[ \t]*eng-disable[ \t]+([\w \t]+)(.*)$/s.exec(line);
    if (!m) {
      if (/eng-disable/.test(line) && /\/\/|\/\*/.test(line)) {
        found.push({ file, line: index + 1, checks: [], reason: '', malformed: true });
      }
      return;
    }
    let rest = m[3] ?? '';
    if (m[1] === '/*') rest = rest.split('*/')[0] ?? '';
    const reason = /^\s*--\s*(.*)$/s.exec(rest)?.[1]?.trim() ?? '';
    found.push({ file, line: index + 1, checks: splitChecks(m[2]), reason });
  });
  return found;
}

const splitChecks = (text) =>
  text
    .trim()
    .split(/[,\s]+/)
    .filter(Boolean);

/** Check ids and class names Electronegativity answers to, lower-cased → id. */
function knownChecks() {
  const { CHECKS } = require(join(ENG_DIST, 'finder', 'checks', 'AtomicChecks', 'index.js'));
  const { GLOBAL_CHECKS } = require(join(ENG_DIST, 'finder', 'checks', 'GlobalChecks', 'index.js'));
  const names = new Map();
  // Constructors read translated descriptions: the i18n global exists once run() has started.
  for (const Check of [...CHECKS, ...GLOBAL_CHECKS]) {
    const id = new Check().id;
    names.set(id.toLowerCase(), id);
    names.set(Check.name.toLowerCase(), id);
  }
  return names;
}

function validateAnnotation(annotation, known) {
  const problems = [];
  if (annotation.malformed) {
    problems.push(
      'an eng-disable Electronegativity cannot read (check names only, then the reason)',
    );
    return problems;
  }
  for (const check of annotation.checks) {
    if (!known.has(check.toLowerCase())) {
      problems.push(
        `"${check}" is not an Electronegativity check (a misspelt name disables nothing; the reason goes after " -- ")`,
      );
    }
  }
  const words = annotation.reason.split(/\s+/).filter((w) => /\w/.test(w));
  if (words.length < MIN_REASON_WORDS) {
    problems.push(
      isHtml(annotation.file)
        ? 'no reason: add <!-- why it is safe --> right after the eng-disable comment'
        : 'no reason: write " -- why it is safe" after the check names',
    );
  }
  if (annotation.line === 1 && !isHtml(annotation.file)) {
    problems.push(
      'on line 1 it disables the check for the whole file; put it on the reported line instead',
    );
  }
  return problems;
}

const ENG_DIST = dirname(require.resolve('@doyensec/electronegativity/dist/runner.js'));

/**
 * Electronegativity starts every run by downloading translations for $LANG
 * from an S3 bucket (with retries: ten seconds and more when offline). Its
 * bundled English ones are all we use, so before its runner is loaded, the
 * loader module is replaced in the require cache by one that configures the
 * same i18n library from the bundled files, without the network. A module
 * that no longer looks like 1.10's loader is left alone.
 */
function useBundledTranslations() {
  const loaderPath = require.resolve(join(ENG_DIST, 'locales', 'i18n.js'));
  const loader = require(loaderPath);
  const cached = require.cache[loaderPath];
  if (typeof loader !== 'function' || !cached) return;
  const i18n = createRequire(join(ENG_DIST, 'runner.js'))('i18n');
  cached.exports = async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: join(ENG_DIST, 'locales'),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: global,
    });
    i18n.setLocale('en-US');
  };
}

/** Runs Electronegativity with its console chatter held back unless --verbose. */
async function runElectronegativity(options, verbose) {
  useBundledTranslations();
  const runner = require('@doyensec/electronegativity');
  const run = runner.default ?? runner;
  const held = [];
  const log = console.log;
  if (!verbose) console.log = (...parts) => held.push(parts.join(' '));
  try {
    return await run(options);
  } finally {
    console.log = log;
  }
}

function electronVersion(root) {
  for (const from of [root, REPO]) {
    try {
      return createRequire(join(from, 'package.json'))('electron/package.json').version;
    } catch {
      // try the next place
    }
  }
  return undefined;
}

const bundleOf = (file) => {
  const parts = file.split(/[\\/]/);
  return parts[0] === 'out' ? (parts[1] ?? null) : null;
};

async function main() {
  const args = parseArgs(process.argv.slice(2));
  for (const folder of SCANNED) {
    const dir = join(args.root, folder);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      console.error(
        folder === 'out'
          ? `security: ${dir} is missing: run "npm run build" first (the built output is scanned too).`
          : `security: ${dir} is missing.`,
      );
      return 2;
    }
  }

  // One run over a copy of the three folders: the global checks (navigation
  // limits, permission handler, CSP) must see the whole app at once.
  const stage = mkdtempSync(join(tmpdir(), 'task-tray-security-'));
  try {
    for (const folder of SCANNED) {
      cpSync(join(args.root, folder), join(stage, folder), {
        recursive: true,
        filter: (src) => !src.split(sep).includes('node_modules'),
      });
    }
    // A clean clone has no test-results/ yet, and electronegativity does not create folders.
    mkdirSync(dirname(args.sarif), { recursive: true });
    const version = electronVersion(args.root);
    const result = await runElectronegativity(
      {
        input: stage,
        output: args.sarif,
        isSarif: true,
        isRelative: true,
        excludeFromScan: EXCLUDED_CHECKS,
        ...(version ? { electronVersionOverride: version } : {}),
      },
      args.verbose,
    );
    const known = knownChecks();

    const failures = [];
    const notes = [];

    for (const error of result.errors) {
      const file = relative(stage, error.file);
      if (error.tolerable) notes.push(`note: ${file}: ${error.message}`);
      else
        failures.push(
          `${file}: could not be parsed, so nothing in it was checked: ${error.message}`,
        );
    }

    // Annotations: in what was scanned, and in every source that is bundled into out/.
    const annotationRoots = new Set([
      ...SCANNED.filter((f) => f !== 'out'),
      ...Object.values(BUNDLE_SOURCES).flat(),
    ]);
    const annotations = [];
    for (const folder of annotationRoots) {
      for (const path of listSourceFiles(join(args.root, folder))) {
        annotations.push(...findAnnotations(readFileSync(path, 'utf8'), relative(args.root, path)));
      }
    }
    for (const path of listSourceFiles(join(args.root, 'out'))) {
      annotations.push(...findAnnotations(readFileSync(path, 'utf8'), relative(args.root, path)));
    }
    const justified = [];
    for (const annotation of annotations) {
      const problems = validateAnnotation(annotation, known);
      if (problems.length > 0) {
        for (const p of problems)
          failures.push(`${annotation.file}:${annotation.line}: eng-disable: ${p}`);
      } else {
        justified.push(annotation);
      }
    }

    const justifiedCount = (bundle, id) =>
      justified
        .filter((a) => (BUNDLE_SOURCES[bundle] ?? []).includes(a.file.split(/[\\/]/)[0]))
        .flatMap((a) => a.checks.map((c) => known.get(c.toLowerCase())))
        .filter((c) => c === id).length;

    const built = new Map();
    for (const issue of result.issues) {
      const where = `${issue.file}:${issue.location.line}:${issue.location.column}`;
      const line = `${where}  ${issue.id} (${issue.severity.name}, ${issue.confidence.name})${issue.manualReview ? ' [review]' : ''}\n      ${issue.description}${issue.sample ? `\n      > ${String(issue.sample).slice(0, 160)}` : ''}`;
      const bundle = bundleOf(issue.file);
      if (issue.file === 'N/A') {
        failures.push(`${line}\n      (app-wide: no line to annotate; fix the code)`);
      } else if (bundle) {
        const key = `${bundle}\0${issue.id}`;
        built.set(key, [...(built.get(key) ?? []), line]);
      } else {
        failures.push(
          `${line}\n      (not justified: fix it, or annotate that line as described in scripts/security-check.mjs)`,
        );
      }
    }
    for (const [key, lines] of built) {
      const [bundle, id] = key.split('\0');
      const have = justifiedCount(bundle, id);
      if (lines.length <= have) {
        notes.push(
          `accepted: ${lines.length} ${id} in out/${bundle}, matched by ${have} justified annotation(s) in its sources`,
        );
      } else {
        for (const line of lines) {
          failures.push(
            `${line}\n      (built output: ${lines.length} of these in out/${bundle} but ${have} justified ${id} annotation(s) in ${BUNDLE_SOURCES[bundle]?.join('/, ') ?? 'its sources'}/)`,
          );
        }
      }
    }

    console.log(
      `security: Electronegativity ${require('@doyensec/electronegativity/package.json').version}, ` +
        `${result.atomicChecks} atomic + ${result.globalChecks} global checks, Electron ${version ?? 'unknown'}, ` +
        `over ${SCANNED.map((f) => `${f}/`).join(', ')}`,
    );
    if (justified.length > 0) {
      console.log(`justified inline (${justified.length}):`);
      for (const a of justified)
        console.log(`  ${a.file}:${a.line}  ${a.checks.join(' ')} — ${a.reason}`);
    }
    for (const note of notes) console.log(note);
    if (failures.length > 0) {
      console.error(`\nsecurity: ${failures.length} problem(s):`);
      for (const f of failures) console.error(`  ${f}`);
      return 1;
    }
    console.log('security: no unjustified findings.');
    return 0;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      // exitCode, not exit(): Electronegativity writes the SARIF file asynchronously.
      process.exitCode = code;
    },
    (error) => {
      console.error(`security: could not run: ${error instanceof Error ? error.stack : error}`);
      process.exitCode = 2;
    },
  );
}
