// The SDK reference tables, generated at build time from the published package's type declarations
// instead of copied by hand. A page writes `::sdk-reference{table="members"}` (the public members of
// the package's default export, `Aquafier`) or `::sdk-reference{table="exports"}` (every export),
// and this remark plugin replaces the line with a table: each name, its signature as the package's
// `.d.ts` declares it (read with the TypeScript compiler, reference.mjs), and the pages of the same
// docs version that describe it. The names in the first column of the one table under the page's
// "Internal helpers" heading are marked as such (helperNames in reference.mjs: code elsewhere on the
// page, that section's prose included, marks nothing). tests/content/sdk-reference.test.mjs fails when
// the package exports a name no page names.
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {helperNames, readReference, referenceTable} from './reference.mjs';

type Node = {type: string; name?: string; attributes?: Record<string, string>; children?: Node[]};

interface Options {
  /** The heading whose one table lists, in its first column, the names the page calls internal helpers. */
  helpersHeading?: string;
}

/** The folder of a docs version that holds `file` (`versioned_docs/version-X` or `docs`). */
function versionDir(file: string): string {
  let dir = path.dirname(file);
  while (dir !== path.dirname(dir)) {
    if (path.basename(dir).startsWith('version-') || path.basename(dir) === 'docs') return dir;
    dir = path.dirname(dir);
  }
  return path.dirname(file);
}

function markdownPages(dir: string): {file: string; markdown: string}[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return markdownPages(file);
      return /\.mdx?$/.test(name) && !name.startsWith('_') ? [{file, markdown: readFileSync(file, 'utf8')}] : [];
    });
}

/** The package.json of an installed package, found as Node would (the package exports no such path). */
function packageJsonOf(pkg: string, from: string): string {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${from}: package ${pkg} is not installed`);
  }
}

const references = new Map<string, ReturnType<typeof readReference>>();

export default function remarkSdkReference({helpersHeading = 'Internal helpers'}: Options = {}) {
  return (root: Node, file: {path?: string}): void => {
    const directives: {parent: Node; index: number; table: string; pkg: string}[] = [];
    const find = (node: Node) =>
      node.children?.forEach((child, index) => {
        if (child.type === 'leafDirective' && child.name === 'sdk-reference')
          directives.push({
            parent: node,
            index,
            table: child.attributes?.table ?? '',
            pkg: child.attributes?.package ?? 'aqua-js-sdk',
          });
        else find(child);
      });
    find(root);
    if (!directives.length || !file.path) return;
    const current = path.resolve(file.path);
    const pages = markdownPages(versionDir(current));
    // A helper list that breaks its rule, or names what is not a helper, fails the build with the page's path.
    const inPage = <T>(build: () => T): T => {
      try {
        return build();
      } catch (error) {
        throw new Error(`${file.path}: ${(error as Error).message}`);
      }
    };
    const helpers = inPage(() => helperNames(root, helpersHeading));
    for (const {parent, index, table, pkg} of directives.reverse()) {
      if (!['members', 'exports'].includes(table))
        throw new Error(`${file.path}: ::sdk-reference needs table="members" or table="exports"`);
      const packageJson = packageJsonOf(pkg, current);
      const types = JSON.parse(readFileSync(packageJson, 'utf8')).types as string;
      const dts = path.join(path.dirname(packageJson), types);
      if (!references.has(dts)) references.set(dts, readReference(dts, packageJson));
      parent.children!.splice(
        index,
        1,
        inPage(() => referenceTable({reference: references.get(dts), table, pages, current, helpers})),
      );
    }
  };
}
