// The recipes as an earlier commit published them, for `FUZZ_AGAINST=<commit> npm run fuzz:recipes`:
// the same attacks and oracle, to see what the adversary finds in code it was not written against.
// Up to 79a1ec1 the recipes returned only a list of problems; these adapters read the accepted
// document from the tree the way those pages told readers to (chain order by hash links, forms_ fields).
// Later recipes return the accepted document themselves (strict-verify.ts exports formOf) and are
// used as they are, with the page's anchor look-ups when that commit published them.
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {ROOT} from '../doc-blocks.mjs';
import {infoAttribute, parseFences} from '../../../scripts/lib/fences.mjs';

const V3 = 'versioned_docs/version-1.3.2';
const forms = (r) =>
  Object.fromEntries(
    Object.entries(r)
      .filter(([k]) => k.startsWith('forms_') && !k.endsWith('.deleted'))
      .map(([k, v]) => [k.slice(6), v]),
  );
const hidden = (r) => Object.keys(r).filter((k) => k.startsWith('forms_') && k.endsWith('.deleted')).length;

async function load(rev, page, title) {
  const text = execFileSync('git', ['show', `${rev}:${V3}/${page}`], {cwd: ROOT, encoding: 'utf8'});
  const fence = parseFences(text).fences.find((f) => infoAttribute(f.info, 'title') === title);
  if (!fence) return null;
  const ts = createRequire(join(ROOT, 'package.json'))('typescript');
  const js = ts.transpileModule(fence.body, {
    compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022},
  }).outputText;
  const dir = join(ROOT, 'node_modules', '.cache', 'earlier-recipes', rev);
  mkdirSync(dir, {recursive: true});
  writeFileSync(join(ROOT, 'node_modules', '.cache', 'earlier-recipes', 'package.json'), '{"type":"module"}');
  writeFileSync(join(dir, title.replace(/\.ts$/, '.js')), js);
  return import(join(dir, title.replace(/\.ts$/, '.js')));
}

export async function loadRecipes(rev) {
  const strict = await load(rev, 'sdk/api/verification.md', 'strict-verify.ts');
  const access = await load(rev, 'AccessControl.md', 'access.ts');
  const identity = await load(rev, 'AquaIdentity.md', 'identity.ts');
  const cheque = await load(rev, 'Cheque.md', 'cheque.ts');
  if (typeof strict.formOf === 'function') {
    return {strict, access, identity, cheque, lookups: await load(rev, 'sdk/api/verification.md', 'anchor-lookups.ts')};
  }
  const order = (tree) => access.chainOf(tree) ?? Object.entries(tree.revisions);
  const noFile = {fileName: 'claim.json', fileContent: ''};
  const claimOf = (tree) => {
    const [hash, r] = order(tree)[0];
    const {type: _type, wallet_address, ...attributes} = forms(r);
    return {hash, wallet: wallet_address, attributes, hidden: hidden(r)};
  };
  return {
    strict: {
      async verifyStrict(tree, files) {
        const r = await strict.verifyStrict(tree, files);
        return {...r, chain: r.ok ? order(tree).map(([hash, revision]) => ({hash, revision})) : []};
      },
    },
    access: {
      async checkGrant(tree, file) {
        const problems = await access.checkGrant(tree, file);
        if (problems.length) return {problems, grant: null};
        const f = forms(order(tree)[0][1]);
        return {problems, grant: {sender: f.sender, receiver: f.receiver, resource: f.resource}};
      },
      async agreementState(tree, file) {
        const state = await access.agreementState(tree, file);
        if (state === 'invalid') return {state, agreement: null};
        const f = forms(order(tree)[0][1]);
        return {
          state,
          agreement: {sender: f.sender, receiver: f.receiver, resource: f.resource, conditions: f.conditions},
        };
      },
    },
    cheque: {
      async checkCheque(tree, files) {
        const problems = await cheque.checkCheque(tree, files);
        if (problems.length) return {problems, cheque: null};
        const e = forms(order(tree)[2][1]);
        const c = {sender: e.sender, receiver: e.receiver, amount: e.amount, currency: e.currency};
        return {problems, cheque: e.note === undefined ? c : {...c, note: e.note}};
      },
    },
    identity: {
      async checkClaim(tree, file) {
        const problems = await identity.checkClaim(tree, file ?? noFile);
        return problems.length ? {problems, claim: null} : {problems, claim: claimOf(tree)};
      },
      async checkAttestation(att, attFile, claimTree, claimFile) {
        const problems = await identity.checkAttestation(att, attFile, claimTree, claimFile ?? noFile);
        if (problems.length) return {problems, attestation: null};
        const {type: _t, identity_claim_id: _id, wallet_address, context: _c, ...attested} = forms(order(att)[0][1]);
        return {problems, attestation: {attester: wallet_address, claim: claimOf(claimTree), attested}};
      },
    },
  };
}
