// The docs reach a user who installed the package: package.json names the repository, homepage and
// issue tracker; the pages ship in the tarball; every relative link of the shipped README and pages
// names a file of the tarball; every page the CLI can print a hint to is in the tarball too, named by
// its path in an installed project (node_modules/agent-tools/docs/...), and so is every page the
// published type declarations (dist/**/*.d.ts, what an editor shows) name. The file list is the one
// `npm pack` would publish (--dry-run, --ignore-scripts: no rebuild under the other tests' feet).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { links, root } from '../docs/markdown.js';
import { INSTALLED_DOCS } from '../../src/shared/docs-page.js';

let packed: Set<string>;

beforeAll(() => {
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(r.status, r.stderr).toBe(0);
  packed = new Set((JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
}, 150_000);

/** Every file under `dir` (relative to the repository root), recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((f) => {
    const rel = posix.join(dir, f);
    return statSync(join(root, rel)).isDirectory() ? filesUnder(rel) : [rel];
  });
}

/** The text of every string literal and template in a TypeScript file (comments are not printed, so they are left out). */
function stringsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
    else if (ts.isTemplateExpression(node)) out.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
    // docsPage('approval.md') is the one helper that names a page: it says node_modules/agent-tools/docs/approval.md
    if (ts.isCallExpression(node) && node.expression.getText() === 'docsPage' && ts.isStringLiteral(node.arguments[0]!)) {
      out.push(`${INSTALLED_DOCS}/${node.arguments[0].text}`);
      return;
    }
    node.forEachChild(visit);
  };
  visit(source);
  return out;
}

/** Every docs page a text names (`docs/<page>.md`), with what stands before it on the line. */
function pagesNamed(text: string): { page: string; before: string }[] {
  return [...text.matchAll(/((?:[\w@.-]+\/)*)(docs\/[\w.-]+\.md)/g)].map((m) => ({ page: m[2]!, before: m[1]! }));
}

describe('the docs from an install', () => {
  it('package.json names the repository, its homepage and its issue tracker, on one GitHub repository', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      repository: { type: string; url: string };
      homepage: string;
      bugs: { url: string };
    };
    expect(pkg.repository.type).toBe('git');
    const repo = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(pkg.repository.url)?.[1];
    expect(repo, pkg.repository.url).toBeDefined();
    expect(pkg.homepage).toBe(`${repo}#readme`);
    expect(pkg.bugs.url).toBe(`${repo}/issues`);
  });

  it('the tarball holds README, LICENSE and every docs page with its images', () => {
    for (const f of ['README.md', 'LICENSE', 'package.json']) expect(packed).toContain(f);
    const pages = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md') || f.endsWith('.png'));
    expect(pages.length).toBeGreaterThan(20);
    for (const p of pages) expect(packed).toContain(`docs/${p}`);
    // The docs site's build setup and output are not the package's.
    expect([...packed].filter((f) => f.startsWith('docs/.vitepress'))).toEqual([]);
  });

  it('every relative link of the shipped README and pages names a file of the tarball', () => {
    const broken: string[] = [];
    const shipped = [...packed].filter((f) => f.endsWith('.md'));
    expect(shipped).toContain('docs/getting-started.md');
    for (const file of shipped) {
      for (const { target, line } of links(readFileSync(join(root, file), 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue; // https:, mailto:, same page
        const path = posix.normalize(posix.join(dirname(file), decodeURI(target.split('#')[0]!)));
        const found = packed.has(path) || [...packed].some((f) => f.startsWith(path.replace(/\/?$/, '/')));
        if (!found) broken.push(`${file}:${line}: ${target} (${path} is not in the tarball: link it by its repository URL)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('a path of the repository that is not in the tarball (src/, test/, fixtures/, examples/...) is named by a link to the repository, outside code blocks', () => {
    // contributing.md is read in a clone: its paths are the clone's own.
    const shipped = [...packed].filter((f) => f.endsWith('.md') && f !== 'docs/contributing.md');
    const bare: string[] = [];
    for (const file of shipped) {
      let fenced = false;
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (text.trimStart().startsWith('```')) fenced = !fenced;
          if (fenced) return;
          for (const m of text.matchAll(/(?<!\[)`((?:examples|fixtures|test|src|scripts|bench|soak)\/[^`\s]*)`(?!\]\()/g))
            if (!packed.has(m[1]!)) bare.push(`${file}:${i + 1}: ${m[1]} (not in the tarball: link it by its repository URL)`);
        });
    }
    expect(bare).toEqual([]);
  });

  it('every docs page a CLI message, help text, check text or template names is in the tarball, by its installed path', () => {
    const sources = [...filesUnder('src').filter((f) => /\.(ts|cts)$/.test(f)), 'templates/github-actions.yml'];
    const named: string[] = [];
    const wrong: string[] = [];
    for (const file of sources) {
      const texts = file.endsWith('.yml') ? [readFileSync(join(root, file), 'utf8')] : stringsOf(file);
      for (const text of texts) {
        for (const { page, before } of pagesNamed(text)) {
          named.push(page);
          if (!packed.has(page)) wrong.push(`${file}: ${page} is not in the tarball`);
          // From a user's project a bare docs/... names nothing; the installed path does.
          if (before !== 'node_modules/agent-tools/')
            wrong.push(`${file}: "${before}${page}" should read node_modules/agent-tools/${page}`);
        }
      }
    }
    // The hints this test exists for: the skill store's help, the approval and bring-your-own hints, the CI template.
    expect(named).toEqual(
      expect.arrayContaining(['docs/skill-store.md', 'docs/approval.md', 'docs/bring-your-own-tools.md', 'docs/diff.md']),
    );
    expect(wrong).toEqual([]);
  });

  it('every docs page the published type declarations (TSDoc an editor shows) name is in the tarball, by its installed path', () => {
    const declarations = [...packed].filter((f) => f.startsWith('dist/') && f.endsWith('.d.ts'));
    expect(declarations.length).toBeGreaterThan(50);
    const named: string[] = [];
    const wrong: string[] = [];
    for (const file of declarations) {
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const { page, before } of pagesNamed(line)) {
            named.push(page);
            if (!packed.has(page)) wrong.push(`${file}:${i + 1}: ${page} is not in the tarball`);
            if (before !== 'node_modules/agent-tools/')
              wrong.push(`${file}:${i + 1}: "${before}${page}" should read node_modules/agent-tools/${page}`);
          }
        });
    }
    // The hints this test exists for: approval on defineTool, the registry and the adapters.
    expect(named).toEqual(expect.arrayContaining(['docs/approval.md', 'docs/mcp.md', 'docs/diff.md']));
    expect(wrong).toEqual([]);
  });
});
