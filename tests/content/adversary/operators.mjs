// The adversary's operators: every change a holder of genuine trees can make without an honest key.
// Each takes the attack state {tree, files, pool} and a parameter record p that fast-check draws
// ({i, j, k} natural numbers, {s} a string, {b} a boolean), and returns the new state. An operator
// may produce nonsense (a null tree, a broken file): the recipes must answer every input.
//
// Catalogue (names as the test reports them):
//   SDK operations a holder can run: hide, unhide, sign (own key), witness (inline), link
//   structure: drop, duplicate, reorder, fork, append, splice, retype, reversion, rekey
//   values: setForm, colonKey (move the start of a value into its key: the leaf stays the same), relief (recompute leaves), refile (rewrite form file and file_hash), fileByte,
//     fileBytes (pass as Uint8Array), fileObject, fileText (non-JSON), renameFile, addressCase,
//     lookalike, duplicateKey, nullMember, dropMember
//   links: selfLink, cycleLink, sameNameLink
//   added in round 4: loneSurrogate (U+FFFD written as a lone surrogate: the same leaf and file hash),
//     inflate (hundreds of hidden fields with their leaves and file: size against work), witnessFlood
//     (many witness revisions, for a network that drops traffic), selfTsa (an RFC 3161 token the
//     adversary makes: unsigned, or signed by its own authority, with the right imprint and time)
//   added after the second audit: shareForm (many form revisions naming one large form file, its field
//     hidden in each: revisions against file size, where a file read again per revision costs their product)
// cspell:ignore aeocpx
import {getHashSum, getMerkleRoot} from 'aqua-js-sdk';
import {neventOf, npubOf, publicKeyOf} from './nostr.mjs';
import {imprintOf, stamp} from './tsa.mjs';
import {ATTACKER, AUTHORITIES, INLINE, STAMP_TIME, sdk, sign} from './world.mjs';

const SCALAR = 'https://aqua-protocol.org/docs/v3/schema_2 | SHA256 | Method: scalar';
const clone = (v) => structuredClone(v);
const keysOf = (tree) => Object.keys(tree?.revisions ?? {});
const pick = (list, n) => (list.length ? list[n % list.length] : undefined);
const isForm = (r) => r?.revision_type === 'form';
const sorted = (o) =>
  Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );

/** The revision hash a revision's fields give, by its own method (leaves present: tree). */
export function hashOf(revision) {
  const {leaves, ...fields} = revision;
  if (!leaves) return '0x' + getHashSum(JSON.stringify(sorted(fields)));
  return getMerkleRoot(
    Object.keys(fields)
      .sort()
      .map((k) => getHashSum(`${k}:${fields[k]}`)),
  );
}

/** Puts `revision` under its recomputed hash, keeping its place, and points its successors at it. */
function rekey(tree, oldHash) {
  const revision = tree.revisions[oldHash];
  if (revision?.leaves) {
    const {leaves: _old, ...fields} = revision;
    revision.leaves = Object.keys(fields)
      .sort()
      .map((k) => getHashSum(`${k}:${fields[k]}`));
  }
  const newHash = hashOf(revision);
  tree.revisions = Object.fromEntries(Object.entries(tree.revisions).map(([h, r]) => [h === oldHash ? newHash : h, r]));
  for (const r of Object.values(tree.revisions))
    if (r.previous_verification_hash === oldHash) r.previous_verification_hash = newHash;
  if (tree.file_index?.[oldHash] !== undefined) {
    tree.file_index[newHash] = tree.file_index[oldHash];
    delete tree.file_index[oldHash];
  }
  return newHash;
}

const LOOKALIKE = {a: 'а', e: 'е', o: 'о', c: 'с', p: 'р', x: 'х', A: 'А', E: 'Е', T: 'Т', 0: 'О', 1: 'l'};

/** A form revision's file, rewritten from its visible fields, with file_hash updated. */
function refile(state, hash, text) {
  const revision = state.tree.revisions[hash];
  const name = state.tree.file_index?.[hash];
  if (!isForm(revision) || typeof name !== 'string') return state;
  const data = Object.fromEntries(
    Object.entries(revision)
      .filter(([k]) => k.startsWith('forms_') && !k.endsWith('.deleted'))
      .map(([k, v]) => [k.slice(6), v]),
  );
  const content = text ?? JSON.stringify(data);
  revision.file_hash = getHashSum(content);
  const files = state.files.filter((f) => f.fileName !== name);
  return {...state, files: [...files, {fileName: name, fileContent: content, path: `./${name}`}]};
}

/** A link revision after the latest one, pointing at `target` in a tree supplied under `name`. */
function linkRevision(tree, target, fileHash, name) {
  const revision = {
    previous_verification_hash: keysOf(tree).at(-1),
    local_timestamp: '20250101000000',
    revision_type: 'link',
    version: SCALAR,
    link_type: 'aqua',
    link_verification_hashes: [target],
    link_file_hashes: [fileHash],
  };
  tree.revisions[hashOf(revision)] = revision;
  tree.file_index[target] = name;
}

// The adversary's own Nostr key: its npub, and an nevent naming an event it might have published.
const NOSTR_KEY = publicKeyOf('b2'.repeat(32));
const NPUB = npubOf(NOSTR_KEY);
const NEVENT = neventOf(getHashSum('an event of the adversary'), NOSTR_KEY);

/** A witness revision after the latest one, hashed by the method of that revision. */
function witnessAfter(tree, fields) {
  const previous = keysOf(tree).at(-1);
  const tree_ = tree.revisions[previous]?.leaves !== undefined;
  const revision = {
    previous_verification_hash: previous,
    local_timestamp: '20250101000300',
    revision_type: 'witness',
    version: tree_ ? SCALAR.replace('scalar', 'tree') : SCALAR,
    witness_merkle_root: previous,
    witness_merkle_proof: [previous],
    ...fields,
  };
  if (tree_) {
    revision.leaves = Object.keys(revision)
      .sort()
      .map((k) => getHashSum(`${k}:${revision[k]}`));
  }
  tree.revisions[hashOf(revision)] = revision;
}

export const OPERATORS = {
  // SDK operations
  async hide(st, p) {
    const tree = clone(st.tree);
    const hash = pick(keysOf(tree), p.i);
    const fields = Object.keys(tree.revisions[hash] ?? {});
    const field = pick(fields, p.j);
    if (!field) return st;
    await sdk.hideFormElements({aquaTree: tree, revision: hash}, field.replace(/^forms_/, ''));
    return {...st, tree};
  },
  async unhide(st, p) {
    const tree = clone(st.tree);
    const hash = pick(keysOf(tree), p.i);
    const field = pick(Object.keys(tree.revisions[hash] ?? {}), p.j);
    if (!field) return st;
    await sdk.unHideFormElements(
      {aquaTree: tree, revision: hash},
      field.replace(/^forms_/, '').replace(/\.deleted$/, ''),
      p.s,
    );
    return {...st, tree};
  },
  async sign(st, p) {
    // Scalar or tree method, whichever the attacker prefers.
    return {...st, tree: await sign(clone(st.tree), pick(ATTACKER, p.i), p.b)};
  },
  async witness(st) {
    const tree = clone(st.tree);
    await sdk.witnessAquaTree({aquaTree: tree, revision: ''}, 'eth', 'sepolia', 'inline', INLINE, true, {
      transaction_hash: '0x' + 'ab'.repeat(32),
      wallet_address: ATTACKER[0].address,
    });
    return {...st, tree};
  },
  link(st, p) {
    const other = pick(st.pool, p.i);
    const tree = clone(st.tree);
    const target = pick(keysOf(other.tree), p.j);
    const name = other.files[0].fileName;
    linkRevision(tree, target, getHashSum(other.files[0].fileContent), name);
    return {
      ...st,
      tree,
      files: [
        ...st.files,
        {fileName: `${name}.aqua.json`, fileContent: clone(other.tree), path: `./${name}.aqua.json`},
        ...other.files,
      ],
    };
  },
  // structure
  drop(st, p) {
    const tree = clone(st.tree);
    delete tree.revisions[pick(keysOf(tree), p.i)];
    return {...st, tree};
  },
  duplicate(st, p) {
    const tree = clone(st.tree);
    const hash = pick(keysOf(tree), p.i);
    const copy = clone(tree.revisions[hash]);
    copy.local_timestamp = String(p.s);
    tree.revisions[hashOf(copy)] = copy;
    return {...st, tree};
  },
  reorder(st, p) {
    const entries = Object.entries(st.tree.revisions);
    const n = entries.length;
    const rotated = entries.map((_, i) => entries[(i + p.i) % n]);
    if (p.b) rotated.reverse();
    return {...st, tree: {...clone(st.tree), revisions: Object.fromEntries(rotated)}};
  },
  fork(st, p) {
    const other = pick(st.pool, p.i);
    const tree = clone(st.tree);
    const hash = pick(keysOf(other.tree), p.j);
    const revision = clone(other.tree.revisions[hash]);
    revision.previous_verification_hash = pick(keysOf(tree), p.k) ?? '';
    tree.revisions[hashOf(revision)] = revision;
    return {...st, tree};
  },
  append(st, p) {
    const other = pick(st.pool, p.i);
    const tree = clone(st.tree);
    const hash = pick(keysOf(other.tree), p.j);
    tree.revisions[hash] = clone(other.tree.revisions[hash]);
    if (other.tree.file_index[hash]) tree.file_index[hash] = other.tree.file_index[hash];
    return {...st, tree, files: [...st.files, ...other.files]};
  },
  splice(st, p) {
    const other = pick(st.pool, p.i);
    const tree = clone(st.tree);
    const mine = pick(keysOf(tree), p.j);
    const theirs = pick(keysOf(other.tree), p.k);
    tree.revisions = Object.fromEntries(
      Object.entries(tree.revisions).map(([h, r]) =>
        h === mine ? [theirs, clone(other.tree.revisions[theirs])] : [h, r],
      ),
    );
    if (other.tree.file_index[theirs]) tree.file_index[theirs] = other.tree.file_index[theirs];
    return {...st, tree, files: [...st.files, ...other.files]};
  },
  retype(st, p) {
    const tree = clone(st.tree);
    const r = tree.revisions[pick(keysOf(tree), p.i)];
    if (r) r.revision_type = pick(['file', 'form', 'signature', 'witness', 'link', 'Form', '', '__proto__'], p.j);
    return {...st, tree};
  },
  reversion(st, p) {
    const tree = clone(st.tree);
    const r = tree.revisions[pick(keysOf(tree), p.i)];
    if (r) r.version = pick([SCALAR, SCALAR.replace('scalar', 'tree'), undefined, p.s], p.j);
    return {...st, tree};
  },
  rekey(st, p) {
    const tree = clone(st.tree);
    const hash = pick(keysOf(tree), p.i);
    if (hash) rekey(tree, hash);
    return {...st, tree};
  },
  // values
  setForm(st, p) {
    const tree = clone(st.tree);
    const r = tree.revisions[pick(keysOf(tree), p.i)];
    const field = pick(
      Object.keys(r ?? {}).filter((k) => k.startsWith('forms_')),
      p.j,
    );
    if (field) r[field] = pick([p.s, Number.parseFloat(p.s) || 300, true, null, {v: p.s}, [p.s]], p.k);
    return {...st, tree};
  },
  colonKey(st, p) {
    // forms_a = "b:c" and forms_a:b = "c" hash to the same leaf `forms_a:b:c`.
    const tree = clone(st.tree);
    const hash = pick(keysOf(tree), p.i);
    const r = tree.revisions[hash];
    const field = pick(
      Object.keys(r ?? {}).filter((k) => k.startsWith('forms_') && !k.endsWith('.deleted')),
      p.j,
    );
    if (!field) return st;
    const value = String(r[field]);
    const cut = value.includes(':') ? value.indexOf(':') : Math.min(p.k, value.length);
    const renamed = `${field}:${value.slice(0, cut)}`;
    const rest = value.includes(':') ? value.slice(cut + 1) : value.slice(cut);
    tree.revisions[hash] = Object.fromEntries(
      Object.entries(r).map(([k, v]) => (k === field ? [renamed, rest] : [k, v])),
    );
    return {...st, tree};
  },
  relief(st, p) {
    const tree = clone(st.tree);
    const r = tree.revisions[pick(keysOf(tree), p.i)];
    if (r?.leaves) {
      const {leaves: _old, ...fields} = r;
      r.leaves = Object.keys(fields)
        .sort()
        .map((k) => getHashSum(`${k}:${fields[k]}`));
    }
    return {...st, tree};
  },
  refile(st, p) {
    const tree = clone(st.tree);
    return refile({...st, tree}, pick(keysOf(tree), p.i));
  },
  fileByte(st, p) {
    const f = pick(st.files, p.i);
    if (typeof f?.fileContent !== 'string' || f.fileContent.length === 0) return st;
    const at = p.j % f.fileContent.length;
    const text = f.fileContent.slice(0, at) + (p.s[0] ?? '!') + f.fileContent.slice(at + 1);
    return {...st, files: st.files.map((x) => (x === f ? {...x, fileContent: text} : x))};
  },
  fileBytes(st, p) {
    const f = pick(st.files, p.i);
    if (typeof f?.fileContent !== 'string') return st;
    return {
      ...st,
      files: st.files.map((x) => (x === f ? {...x, fileContent: new TextEncoder().encode(x.fileContent)} : x)),
    };
  },
  fileObject(st, p) {
    const f = pick(st.files, p.i);
    let parsed;
    try {
      parsed = JSON.parse(f.fileContent);
    } catch {
      return st;
    }
    return {...st, files: st.files.map((x) => (x === f ? {...x, fileContent: parsed} : x))};
  },
  fileText(st, p) {
    const tree = clone(st.tree);
    return refile({...st, tree}, pick(keysOf(tree), p.i), p.b ? `not json ${p.s}` : `[${JSON.stringify(p.s)}]`);
  },
  renameFile(st, p) {
    const tree = clone(st.tree);
    const hash = pick(Object.keys(tree.file_index ?? {}), p.i);
    if (hash) tree.file_index[hash] = pick([p.s, `dir/${tree.file_index[hash]}`, pick(st.files, p.j)?.fileName], p.k);
    return {...st, tree};
  },
  addressCase(st, p) {
    const tree = clone(st.tree);
    const r = tree.revisions[pick(keysOf(tree), p.i)];
    const field = pick(
      Object.keys(r ?? {}).filter((k) => typeof r[k] === 'string' && /^0x[0-9a-fA-F]{40}$/.test(r[k])),
      p.j,
    );
    if (field) r[field] = p.b ? r[field].toLowerCase() : '0x' + r[field].slice(2).toUpperCase();
    return {...st, tree};
  },
  lookalike(st, p) {
    const tree = clone(st.tree);
    const r = tree.revisions[pick(keysOf(tree), p.i)];
    const field = pick(
      Object.keys(r ?? {}).filter((k) => typeof r[k] === 'string' && /[aeocpxAET01]/.test(r[k])),
      p.j,
    );
    if (field) r[field] = r[field].replace(/[aeocpxAET01]/, (c) => LOOKALIKE[c]);
    return {...st, tree};
  },
  duplicateKey(st, p) {
    const tree = clone(st.tree);
    const hash = pick(
      keysOf(tree).filter((h) => isForm(tree.revisions[h])),
      p.i,
    );
    const r = tree.revisions[hash];
    const key = pick(
      Object.keys(r ?? {}).filter((k) => k.startsWith('forms_') && !k.endsWith('.deleted')),
      p.j,
    );
    if (!key) return st;
    const data = Object.fromEntries(
      Object.entries(r)
        .filter(([k]) => k.startsWith('forms_'))
        .map(([k, v]) => [k.slice(6), v]),
    );
    const text = `{${JSON.stringify(key.slice(6))}:${JSON.stringify(p.s)},${JSON.stringify(data).slice(1)}`;
    return refile({...st, tree}, hash, text);
  },
  nullMember(st, p) {
    const tree = clone(st.tree);
    const hash = pick(keysOf(tree), p.i);
    const where = p.j % 5;
    if (where === 0) tree.revisions[hash] = null;
    else if (where === 1 && tree.revisions[hash])
      tree.revisions[hash][pick(Object.keys(tree.revisions[hash]), p.k)] = null;
    else if (where === 2) tree.file_index = null;
    else if (where === 3) return {...st, tree: null};
    else return {...st, files: st.files.map((f, n) => (n === p.k % st.files.length ? null : f))};
    return {...st, tree};
  },
  dropMember(st, p) {
    const tree = clone(st.tree);
    const hash = pick(keysOf(tree), p.i);
    const where = p.j % 3;
    if (where === 0 && tree.revisions[hash]) delete tree.revisions[hash][pick(Object.keys(tree.revisions[hash]), p.k)];
    else if (where === 1) delete tree.file_index?.[pick(Object.keys(tree.file_index ?? {}), p.k)];
    else return {...st, files: st.files.filter((_, n) => n !== p.k % Math.max(1, st.files.length))};
    return {...st, tree};
  },
  // links
  selfLink(st, p) {
    const tree = clone(st.tree);
    const target = pick(keysOf(tree), p.i);
    const name = st.files[0]?.fileName ?? 'self.txt';
    linkRevision(tree, target, getHashSum(String(st.files[0]?.fileContent ?? '')), name);
    return {
      ...st,
      tree,
      files: [...st.files, {fileName: `${name}.aqua.json`, fileContent: clone(tree), path: `./${name}.aqua.json`}],
    };
  },
  cycleLink(st, p) {
    // Two trees that link to each other, both supplied: A links to B's latest revision, B to A's.
    const other = pick(st.pool, p.i);
    const a = clone(st.tree);
    const b = clone(other.tree);
    const aName = st.files[0]?.fileName ?? 'a.json';
    const bName = other.files[0].fileName;
    linkRevision(b, keysOf(a).at(-1), getHashSum(String(st.files[0]?.fileContent ?? '')), aName);
    linkRevision(a, keysOf(b).at(-1), getHashSum(other.files[0].fileContent), bName);
    return {
      ...st,
      tree: a,
      files: [
        ...st.files,
        ...other.files,
        {fileName: `${aName}.aqua.json`, fileContent: a, path: ''},
        {fileName: `${bName}.aqua.json`, fileContent: b, path: ''},
      ],
    };
  },
  sameNameLink(st, p) {
    // Links to two different trees whose files have the same name; only one can be supplied.
    const first = pick(st.pool, p.i);
    const second = pick(st.pool, p.j);
    const tree = clone(st.tree);
    const name = 'shared.json';
    linkRevision(tree, keysOf(first.tree).at(-1), getHashSum(first.files[0].fileContent), name);
    linkRevision(tree, keysOf(second.tree).at(-1), getHashSum(second.files[0].fileContent), name);
    const supplied = p.b ? first : second;
    return {
      ...st,
      tree,
      files: [
        ...st.files,
        {fileName: name, fileContent: supplied.files[0].fileContent, path: ''},
        {fileName: `${name}.aqua.json`, fileContent: clone(supplied.tree), path: ''},
      ],
    };
  },
};

// Round 4: text that UTF-8 cannot carry, size against work, witnesses against a dropping network, and
// time-stamp tokens that no trusted authority signed.
Object.assign(OPERATORS, {
  loneSurrogate(st, p) {
    // A leaf and a file hash write a lone surrogate as U+FFFD: swap one for the other, in the field
    // and in its form file, and nothing that is hashed changes.
    const tree = clone(st.tree);
    const lone = p.b ? '\uD800' : '\uDFFF';
    for (const hash of keysOf(tree)) {
      const r = tree.revisions[hash];
      const field = Object.keys(r ?? {}).find((k) => typeof r[k] === 'string' && r[k].includes('\uFFFD'));
      if (!field) continue;
      r[field] = r[field].replace('\uFFFD', lone);
      const name = tree.file_index?.[hash];
      const files = st.files.map((f) =>
        f?.fileName === name && typeof f.fileContent === 'string'
          ? {...f, fileContent: f.fileContent.replace('\uFFFD', lone)}
          : f,
      );
      return {...st, tree, files};
    }
    return st;
  },
  inflate(st, p) {
    // A form with 100 to 400 more fields, all hidden, their leaves and file kept right: what a holder
    // of their own form can send. The signature after it no longer fits, but every check runs.
    const tree = clone(st.tree);
    const hash = pick(
      keysOf(tree).filter((h) => isForm(tree.revisions[h]) && tree.revisions[h].leaves),
      p.i,
    );
    if (!hash) return st;
    const r = tree.revisions[hash];
    const count = 100 * (1 + (p.k % 4));
    const added = Object.fromEntries(Array.from({length: count}, (_, n) => [`forms_pad${n}`, `${p.s}${n}`]));
    const {leaves: _old, ...fields} = r;
    const all = {...fields, ...added};
    const name = tree.file_index?.[hash];
    if (typeof name !== 'string') return st;
    const data = Object.fromEntries(
      Object.entries(all)
        .filter(([k]) => k.startsWith('forms_') && !k.endsWith('.deleted'))
        .map(([k, v]) => [k.slice(6), v]),
    );
    const content = JSON.stringify(data);
    all.file_hash = getHashSum(content);
    const leaves = Object.keys(all)
      .sort()
      .map((k) => getHashSum(`${k}:${all[k]}`));
    const hidden = Object.fromEntries(Object.keys(added).map((k) => [`${k}.deleted`, null]));
    const inflated = {...fields, file_hash: all.file_hash, ...hidden, leaves};
    const newHash = getMerkleRoot(leaves);
    tree.revisions = Object.fromEntries(
      Object.entries(tree.revisions).map(([h, x]) => (h === hash ? [newHash, inflated] : [h, x])),
    );
    for (const x of Object.values(tree.revisions))
      if (x.previous_verification_hash === hash) x.previous_verification_hash = newHash;
    tree.file_index[newHash] = name;
    delete tree.file_index[hash];
    const files = st.files.filter((f) => f?.fileName !== name);
    return {...st, tree, files: [...files, {fileName: name, fileContent: content, path: `./${name}`}]};
  },
  async witnessFlood(st, p) {
    // Five to twelve witness revisions (Ethereum through the SDK's inline platform, or Nostr events
    // under the adversary's key), or more than 32.
    const tree = clone(st.tree);
    const count = p.b ? 5 + (p.k % 8) : 33 + p.k;
    for (let n = 0; n < count; n++) {
      if (n % 2 === 0) {
        await sdk.witnessAquaTree(
          {aquaTree: tree, revision: ''},
          'eth',
          'sepolia',
          'inline',
          INLINE,
          !tree.revisions[keysOf(tree).at(-1)]?.leaves,
          {
            transaction_hash: '0x' + getHashSum(`${p.s}${n}`),
            wallet_address: ATTACKER[0].address,
          },
        );
      } else {
        witnessAfter(tree, {
          witness_network: 'nostr',
          witness_timestamp: STAMP_TIME + n,
          witness_smart_contract_address: 'N/A',
          // An npub and an nevent of the adversary's own key (x-only key of ATTACKER[1]).
          witness_sender_account_address: NPUB,
          witness_transaction_hash: NEVENT,
        });
      }
    }
    return {...st, tree};
  },
  async selfTsa(st, p) {
    // A witness whose token stamps the right imprint at the right time, but is unsigned, or signed by
    // an authority the adversary made.
    const tree = clone(st.tree);
    const root = keysOf(tree).at(-1);
    if (!root) return st;
    const {honest, adversary} = await AUTHORITIES();
    const time = STAMP_TIME + p.k;
    const token = await stamp(p.b ? adversary : honest, imprintOf(root), time, {unsigned: !p.b});
    witnessAfter(tree, {
      witness_network: 'TSA_RFC3161',
      witness_timestamp: time,
      witness_smart_contract_address: 'http://timestamp.digicert.com',
      witness_sender_account_address: 'DigiCert',
      witness_transaction_hash: token,
    });
    return {...st, tree};
  },
});

// After the second audit: work that grows with revisions × file size, not with the input.
Object.assign(OPERATORS, {
  shareForm(st, p) {
    // 24 to 40 tree-mode form revisions after the latest one, all naming one form file {"a": <40 to 56 kB>}
    // whose field is hidden in each, with the right leaves and file_hash. The file is passed once and each
    // revision is small, so a verifier that reads or hashes the file again for each revision does far
    // more work than its input. With p.b the file takes the place (and name) of the first file, the one a
    // recipe that is given a single file passes on: the genesis no longer matches it, but every check runs.
    const tree = clone(st.tree);
    if (!tree?.revisions || typeof tree.revisions !== 'object' || !tree.file_index) return st;
    const value = 'v'.repeat(40_000 + 8_000 * (p.j % 3));
    const first = st.files[0]?.fileName;
    const name = p.b && typeof first === 'string' ? first : 'shared-form.json';
    const content = JSON.stringify({a: value});
    const fileHash = getHashSum(content);
    const valueLeaf = getHashSum(`forms_a:${value}`);
    let previous = keysOf(tree).at(-1) ?? '';
    for (let n = 0; n < 24 + 8 * (p.k % 3); n++) {
      const fields = {
        file_hash: fileHash,
        file_nonce: String(n),
        local_timestamp: '20250101000400',
        previous_verification_hash: previous,
        revision_type: 'form',
        version: SCALAR.replace('scalar', 'tree'),
      };
      const leaves = [...Object.keys(fields), 'forms_a']
        .sort()
        .map((k) => (k === 'forms_a' ? valueLeaf : getHashSum(`${k}:${fields[k]}`)));
      previous = getMerkleRoot(leaves);
      tree.revisions[previous] = {...fields, 'forms_a.deleted': null, leaves};
      tree.file_index[previous] = name;
    }
    const shared = {fileName: name, fileContent: content, path: `./${name}`};
    return {...st, tree, files: name === first ? [shared, ...st.files.slice(1)] : [...st.files, shared]};
  },
});

export const OPERATOR_NAMES = Object.keys(OPERATORS);
