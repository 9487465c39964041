// The guarantee of the v2 check-chain-1.2.mjs (versioned_docs/version-1.2.0/Components/verifier/index.md) against
// every re-partition of the texts its hashes join, on the real chains of aqua-cli and aqua-verifier-rs 1.2.0.
//
// The guarantee, as the page states it: checkChain accepts a chain only in the one form aqua-verifier-rs 1.2.0
// writes it (generate_aqua_chain, sign_aqua_chain, witness_aqua_chain, serialised by aqua-verifier-rs-types):
// exactly its fields, own properties only, each value of its type and grammar. Every hash then cuts back into its
// fields in one way only. This file lists every cut of each joined text (metadata, signature, witness, and a
// signature read as a witness) into the hash's fields, present or absent, and runs it through checkChain; where
// the cuts are too many to list (the 329 characters of a witness hash), it walks them with the check's published
// grammars (FORMS) and runs every cut those accept. It also gives each field every value of another JSON type
// with the same text and adds keys named like members of Object.prototype. Only the chain as written passes.
// The generated attacks at the end run the same classes at random (FUZZ_AGAINST=<commit>, FUZZ_SURVEY=1).
import assert from 'node:assert/strict';
import {test} from 'node:test';
import fc from 'fast-check';
import {runs, seed} from '../../scripts/lib/fuzz.mjs';
import {clone, fixture, logoWitnessed} from './chains-1-2.mjs';
import {docBlock} from './doc-blocks.mjs';
import {ABSENT, countRepartitions, eachRepartition, formCandidates, sameTextValues} from './partitions.mjs';
import {attack} from './published.mjs';
import {FORMS, checkChain} from './v2-checks.mjs';

// checkChain (v2-checks.mjs) hands the published module each chain as JSON text, as run-check.mjs does.
const LIST_LIMIT = 30_000;

const refused = (chain) => {
  try {
    return checkChain(chain).length > 0;
  } catch {
    return true;
  }
};
const grammar = (name, piece) => Object.hasOwn(FORMS, name) && FORMS[name](piece) === true;

const CHAINS = [
  ['the aqua-verifier-rs sample (genesis, signature)', () => fixture('aqua-1.2-logo-erp.json')],
  [
    'hello.chain.json of Getting Started (genesis)',
    () => JSON.parse(docBlock('versioned_docs/version-1.2.0/getting-started.md', 'hello.chain.json').body),
  ],
  ['the sample witnessed as witness_aqua_chain does it', () => ({pages: [logoWitnessed()], site_info: {}})],
];
const GROUPS = {
  metadata: ['domain_id', 'time_stamp', 'previous_verification_hash', 'merge_hash'],
  signature: ['signature', 'public_key'],
  witness: ['domain_snapshot_genesis_hash', 'merkle_root', 'witness_network', 'witness_event_transaction_hash'],
};
const piecesOf = (record, names) => names.map((n) => (record && Object.hasOwn(record, n) ? record[n] : ABSENT));
const place = (record, names, pieces) => {
  names.forEach((n, i) => (pieces[i] === ABSENT ? delete record[n] : (record[n] = pieces[i])));
  return record;
};

/** Each joined text of a revision: its fields' names, the writer's pieces, and a revision with other pieces. */
function groupsOf(rev) {
  const groups = Object.entries(GROUPS).map(([name, names]) => {
    const holder = name === 'metadata' ? rev.metadata : rev[name];
    return {
      name,
      names,
      pieces: holder ? piecesOf(holder, names) : names.map(() => ABSENT),
      with: (pieces) => {
        if (!holder && pieces.every((p) => p === ABSENT)) return rev;
        const base =
          holder ?? (name === 'signature' ? {signature_hash: '', wallet_address: ''} : {structured_merkle_proof: []});
        return {...rev, [name]: place({...base}, names, pieces)};
      },
    };
  });
  if (rev.signature) {
    groups.push({
      name: 'signature read as witness',
      names: GROUPS.witness,
      text: rev.signature.signature + rev.signature.public_key,
      with: (pieces) => ({
        ...rev,
        signature: null,
        witness: place(
          {witness_hash: rev.signature.signature_hash, structured_merkle_proof: []},
          GROUPS.witness,
          pieces,
        ),
      }),
    });
  }
  return groups;
}

for (const [label, build] of CHAINS) {
  test(`${label}: the genuine chain holds`, () => {
    assert.deepEqual(checkChain(build()), []);
  });

  test(`${label}: every other cut of every joined text is refused, as the last revision so far`, (t) => {
    const chain = build();
    const entries = Object.entries(chain.pages[0].revisions);
    entries.forEach(([hash, rev], i) => {
      // checkChain judges revisions in order and stops at the first out of form, so a revision refused as the
      // last of the chain so far is refused with the revisions after it too.
      const upTo = (candidate) => {
        const copy = clone(chain);
        copy.pages[0].revisions = Object.fromEntries([...entries.slice(0, i), [hash, candidate]]);
        return copy;
      };
      for (const group of groupsOf(rev)) {
        const text = group.text ?? group.pieces.map((p) => (p === ABSENT || p === null ? '' : p)).join('');
        const total = countRepartitions(text.length, group.names.length);
        let run = 0;
        let passed = 0;
        const judge = (pieces) => {
          run++;
          const own = group.text === undefined && pieces.every((p, k) => p === group.pieces[k]);
          const candidate = group.with(pieces);
          if (refused(upTo(candidate)) === own)
            assert.fail(
              `${own ? 'refused' : 'passed'}: revision ${i}, ${group.name}, ${JSON.stringify(pieces.map(String))}`,
            );
          if (own) passed++;
        };
        if (total <= LIST_LIMIT) eachRepartition(text, group.names, judge);
        else formCandidates(text, group.names, grammar).candidates.forEach(judge);
        t.diagnostic(
          `revision ${i}, ${group.name}: ${total} cuts of ${text.length} characters; ` +
            (total <= LIST_LIMIT
              ? 'all run through checkChain'
              : `${run} accepted by the published grammars run through checkChain, ${total - run} refused by them`) +
            `; ${passed} passed`,
        );
      }
    });
  });

  test(`${label}: a value of another JSON type with the same text, or a prototype-named key, is refused`, () => {
    const chain = build();
    for (const [hash, rev] of Object.entries(chain.pages[0].revisions)) {
      const swap = (candidate) => {
        const copy = clone(chain);
        copy.pages[0].revisions[hash] = candidate;
        return copy;
      };
      for (const group of groupsOf(rev).filter((g) => g.text === undefined)) {
        group.pieces.forEach((piece, k) => {
          if (piece === ABSENT) return;
          for (const value of [...sameTextValues(piece ?? ''), ...(piece === null ? [''] : [])].filter(
            (v) => v !== piece,
          )) {
            const candidate = group.with(group.pieces.map((p, j) => (j === k ? value : p)));
            assert.ok(refused(swap(candidate)), `${group.names[k]} as ${JSON.stringify(value)}`);
          }
        });
      }
      for (const pick of [
        (r) => r,
        (r) => r.content,
        (r) => r.content.content,
        (r) => r.content.file,
        (r) => r.metadata,
        (r) => r.signature,
        (r) => r.witness,
      ]) {
        for (const key of [...Object.getOwnPropertyNames(Object.prototype), '__proto__']) {
          const candidate = clone(rev);
          if (!pick(candidate)) continue;
          Object.defineProperty(pick(candidate), key, {
            value: '',
            enumerable: true,
            configurable: true,
            writable: true,
          });
          assert.ok(refused(swap(candidate)), key);
        }
      }
    }
  });
}

// The audit's case, and what the generated attacks below found in the page at 1245666 (FUZZ_AGAINST=1245666).
test('regression (audit): a signature object {r, s, v, note} that ethers reads, hashed as [object Object], is refused', () => {
  const chain = fixture('aqua-1.2-logo-erp.json');
  const rev = Object.values(chain.pages[0].revisions)[1];
  const sig = rev.signature.signature;
  rev.signature.signature = {
    r: sig.slice(0, 66),
    s: '0x' + sig.slice(66, 130),
    v: parseInt(sig.slice(130), 16),
    note: 'I also agree to pay 1,000,000 EUR',
  };
  assert.equal(`${rev.signature.signature}`, '[object Object]');
  assert.ok(refused(chain));
});

test('regression (audit): a domain_snapshot_genesis_hash given as an object is refused', () => {
  const chain = {pages: [logoWitnessed()], site_info: {}};
  const witness = Object.values(chain.pages[0].revisions).at(-1).witness;
  witness.domain_snapshot_genesis_hash = {anything: 'at all'};
  assert.ok(refused(chain));
});

test('regression (generated): a revision with a key named constructor is refused', () => {
  const chain = fixture('aqua-1.2-logo-erp.json');
  Object.values(chain.pages[0].revisions)[0].constructor = {};
  assert.ok(refused(chain));
});

test('regression (generated): a witness whose domain_snapshot_genesis_hash is a one-element list is refused', () => {
  const chain = {pages: [logoWitnessed()], site_info: {}};
  const witness = Object.values(chain.pages[0].revisions).at(-1).witness;
  witness.domain_snapshot_genesis_hash = [witness.domain_snapshot_genesis_hash];
  assert.ok(refused(chain));
});

test('regression (listed cuts): a genesis without its previous_verification_hash key is refused', () => {
  const chain = fixture('aqua-1.2-logo-erp.json');
  delete Object.values(chain.pages[0].revisions)[0].metadata.previous_verification_hash;
  assert.ok(refused(chain));
});

const numRuns = runs(300);
const target = fc.record({chain: fc.nat(CHAINS.length - 1), revision: fc.nat()});
const pick = ({chain: c, revision}) => {
  const chain = CHAINS[c][1]();
  const entries = Object.entries(chain.pages[0].revisions);
  const [hash, rev] = entries[revision % entries.length];
  return {chain, hash, rev};
};
const swapIn = (chain, hash, candidate) => {
  const copy = clone(chain);
  copy.pages[0].revisions[hash] = candidate;
  return copy;
};

test(`generated attacks: a re-partition of a joined text passes only as written (seed ${seed})`, (t) => {
  attack(
    t,
    fc,
    fc.tuple(
      target,
      fc.constantFrom(...Object.keys(GROUPS)),
      fc.array(fc.integer({min: -24, max: 24}), {minLength: 3, maxLength: 3}),
      fc.array(fc.boolean(), {minLength: 4, maxLength: 4}),
    ),
    ([where, name, shifts, present]) => {
      const {chain, hash, rev} = pick(where);
      const group = groupsOf(rev).find((g) => g.name === name);
      const values = group.pieces.map((p) => (p === ABSENT || p === null ? '' : p));
      const text = values.join('');
      const ends = values
        .map((_, k) => values.slice(0, k + 1).join('').length)
        .map((e, k) => (k < values.length - 1 ? e + shifts[k] : e));
      const bounded = ends.map((e) => Math.min(text.length, Math.max(0, e)));
      for (let k = 1; k < bounded.length; k++) bounded[k] = Math.max(bounded[k], bounded[k - 1]);
      const pieces = bounded.map((e, k) => {
        const piece = text.slice(k === 0 ? 0 : bounded[k - 1], e);
        return piece === '' && !present[k] ? ABSENT : piece;
      });
      if (pieces.every((p, k) => p === group.pieces[k])) return;
      if (!refused(swapIn(chain, hash, group.with(pieces))))
        assert.fail(`passed: ${name} cut again | ${JSON.stringify(pieces.map(String))}`);
    },
    {seed, numRuns},
  );
});

test(`generated attacks: a key named like a member of Object.prototype is refused (seed ${seed})`, (t) => {
  const containers = ['revision', 'content', 'metadata', 'signature', 'witness'];
  attack(
    t,
    fc,
    fc.tuple(
      target,
      fc.constantFrom(...containers),
      fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype)),
      fc.jsonValue(),
    ),
    ([where, path, key, value]) => {
      const {chain, hash, rev} = pick(where);
      const candidate = clone(rev);
      const holder = path === 'revision' ? candidate : candidate[path];
      if (!holder) return;
      Object.defineProperty(holder, key, {value, enumerable: true, configurable: true, writable: true});
      if (!refused(swapIn(chain, hash, candidate))) assert.fail(`passed with a key in ${path} | ${key}`);
    },
    {seed, numRuns},
  );
});

test(`generated attacks: a field of another JSON type with the same text is refused (seed ${seed})`, (t) => {
  attack(
    t,
    fc,
    fc.tuple(target, fc.constantFrom(...Object.keys(GROUPS)), fc.nat(3), fc.nat(5)),
    ([where, name, n, v]) => {
      const {chain, hash, rev} = pick(where);
      const group = groupsOf(rev).find((g) => g.name === name);
      const f = n % group.names.length;
      const piece = group.pieces[f];
      if (piece === ABSENT) return;
      const values = [...sameTextValues(piece ?? ''), ...(piece === null ? [''] : [])].filter((x) => x !== piece);
      const value = values[v % values.length];
      const type = value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value;
      const candidate = group.with(group.pieces.map((p, j) => (j === f ? value : p)));
      if (!refused(swapIn(chain, hash, candidate)))
        assert.fail(`passed with ${name}.${group.names[f]} as ${type} | ${JSON.stringify(value)}`);
    },
    {seed, numRuns},
  );
});
