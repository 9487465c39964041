// The guarantee of check-chain-1.2.mjs (docs/protocol/aqua_protocol_v1_2.md) against every re-partition of
// the texts its hashes join, on every real 1.2 chain this site has and on the revisions chains-1-2.mjs builds
// the way the two writers build them.
//
// The guarantee, as the page states it: the check accepts a revision only in the one form its writer (the
// MediaWiki extension at d671085, or aqua-verifier-rs 1.2.0) produced: exactly the fields that writer writes,
// own properties only, each value of the type and in the grammar of that field. Because every hash joins
// fields of fixed grammars in a fixed order, a text joined from the fields can be cut back into them in one
// way only; the content slots are the exception the page names: a page text that ends in text in the form of
// a transclusion list could be read as that list, and no check can tell which the writer meant.
//
// What this file shows, for each hash of each revision (content, metadata, signature, witness, and a
// signature hash moved into the witness position of the verification hash and back):
// - every cut of the joined text into the hash's fields, present or absent (including fields the revision did
//   not have), other than the writer's own, is refused, both in place and as the first revision of a chain
//   cut off before it; the writer's own cut passes in place;
// - every value of another JSON type with the same text is refused;
// - a key named like a member of Object.prototype, added to any container, is refused.
// Where the cuts are too many to list one by one (a long page text, the 329 characters of a witness hash),
// the cuts are walked with the check's published field grammars (FORMS): every cut that grammar accepts is
// run through checkPage, and the others contain a piece that grammar refuses, which checkRevision reports
// before anything else. The tests print how many cuts took each route.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {
  clone,
  daaPage,
  editedPage,
  helloEdited,
  helloPage,
  helloWitnessed,
  logoPage,
  logoWitnessed,
  PAGE_1_2,
  reportPage,
} from './chains-1-2.mjs';
import {ABSENT, countRepartitions, eachRepartition, formCandidates, sameTextValues} from './partitions.mjs';
import {publishedBlock} from './published.mjs';

const {checkPage, FORMS} = await publishedBlock(PAGE_1_2, 'check-chain-1.2.mjs');
/** Cuts listed one by one up to this many per hash; beyond it, walked with the published grammars. */
const LIST_LIMIT = 30_000;

/** The published grammar of a writer, as `formCandidates` asks it: may `piece` be the field `name`? */
const grammar = (writer) => (name, piece) => Object.hasOwn(FORMS[writer], name) && FORMS[writer][name](piece) === true;

const refused = (page) => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0; // millions of refusals: the thrown errors need no stack
  try {
    return checkPage(page).some(({problems}) => problems.length > 0);
  } catch {
    return true; // no single chain: no genesis, a fork, or a revision that does not link back
  } finally {
    Error.stackTraceLimit = limit;
  }
};

const SLOTS = ['file_hash', 'main', 'signature-slot', 'transclusion-hashes', 'witness-slot'];
const META = ['domain_id', 'time_stamp', 'previous_verification_hash', 'merge_hash'];
const SIGNATURE = ['signature', 'public_key'];
const WITNESS = ['domain_snapshot_genesis_hash', 'merkle_root', 'witness_network', 'witness_event_transaction_hash'];

/** Sets `pieces` (ABSENT deletes) as the fields `names` of `record`. */
function place(record, names, pieces) {
  names.forEach((name, i) => {
    if (pieces[i] === ABSENT) delete record[name];
    else record[name] = pieces[i];
  });
  return record;
}
const piecesOf = (record, names) =>
  names.map((name) => (record && Object.hasOwn(record, name) ? record[name] : ABSENT));
const joined = (pieces) => pieces.map((p) => (p === ABSENT || p === null ? '' : p)).join('');

/** The hashes of a revision that join fields: the fields' names, their pieces, and a revision with other pieces. */
function groupsOf(rev) {
  const emptySignature = {signature: '', public_key: '', wallet_address: '', signature_hash: ''};
  const witnessShell = (hash = '') => ({...(rev.witness ?? {}), witness_hash: hash, structured_merkle_proof: []});
  return [
    {
      name: 'content',
      names: SLOTS,
      pieces: piecesOf(rev.content.content, SLOTS),
      with: (pieces) => ({...rev, content: {...rev.content, content: place({}, SLOTS, pieces)}}),
    },
    {
      name: 'metadata',
      names: META,
      pieces: piecesOf(rev.metadata, META),
      with: (pieces) => ({...rev, metadata: place({...rev.metadata}, META, pieces)}),
    },
    {
      name: 'signature',
      names: SIGNATURE,
      pieces: rev.signature ? piecesOf(rev.signature, SIGNATURE) : [ABSENT, ABSENT],
      with: (pieces) =>
        pieces.every((p) => p === ABSENT) && !rev.signature
          ? rev
          : {...rev, signature: place({...(rev.signature ?? emptySignature)}, SIGNATURE, pieces)},
    },
    {
      name: 'witness',
      names: WITNESS,
      pieces: rev.witness ? piecesOf(rev.witness, WITNESS) : WITNESS.map(() => ABSENT),
      with: (pieces) =>
        pieces.every((p) => p === ABSENT) && !rev.witness
          ? rev
          : {...rev, witness: place({...(rev.witness ?? witnessShell())}, WITNESS, pieces)},
    },
    // The verification hash joins the signature hash and the witness hash: a signature's text read as a
    // witness (or the reverse) keeps it.
    ...(rev.signature
      ? [
          {
            name: 'signature read as witness',
            names: WITNESS,
            text: rev.signature.signature + rev.signature.public_key,
            with: (pieces) => ({
              ...rev,
              signature: null,
              witness: place(witnessShell(rev.signature.signature_hash), WITNESS, pieces),
            }),
          },
        ]
      : []),
    ...(rev.witness
      ? [
          {
            name: 'witness read as signature',
            names: SIGNATURE,
            text: WITNESS.map((k) => rev.witness[k]).join(''),
            with: (pieces) => ({
              ...rev,
              witness: null,
              signature: place({...emptySignature, signature_hash: rev.witness.witness_hash}, SIGNATURE, pieces),
            }),
          },
        ]
      : []),
  ];
}

const CHAINS = [
  ['the page example (extension: genesis, signature)', helloPage],
  ['DataAccessAgreement template (extension: genesis)', daaPage],
  ['aqua-verifier-rs sample (Rust crate: genesis, signature)', logoPage],
  ['an edit after the signature (extension)', helloEdited],
  ['an unsigned edit (extension)', editedPage],
  ['a witness of the signature revision (extension)', helloWitnessed],
  ['a witness of the sample (Rust crate)', logoWitnessed],
  // A file page: the bytes of a replaced version, two revisions without bytes, the current file.
  ['a file page, bytes on the first and last revision only (extension)', reportPage],
  ['a file page whose first version the vault could not read (extension)', () => reportPage({firstUpload: 'unread'})],
];

for (const [label, build] of CHAINS) {
  test(`${label}: the genuine chain passes`, () => {
    assert.deepEqual(
      checkPage(build()).map(({problems}) => problems),
      Object.keys(build().revisions).map(() => []),
    );
  });

  test(`${label}: every other cut of every joined text is refused, in place and as a chain's first revision`, (t) => {
    const page = build();
    const hashes = Object.keys(page.revisions);
    hashes.forEach((hash, i) => {
      const rev = page.revisions[hash];
      const inPlace = (candidate) => ({...page, revisions: {...page.revisions, [hash]: candidate}});
      // The chain so far, ending at the candidate, and the chain cut off before it, starting with it.
      const last = (candidate) => ({
        revisions: Object.fromEntries(
          hashes.slice(0, i + 1).map((h) => [h, h === hash ? candidate : page.revisions[h]]),
        ),
      });
      const first = (candidate) => ({
        revisions: Object.fromEntries(hashes.slice(i).map((h) => [h, h === hash ? candidate : page.revisions[h]])),
      });
      for (const group of groupsOf(rev)) {
        const text = group.text ?? joined(group.pieces);
        const genuine = group.text === undefined ? group.pieces : null;
        const writer = Object.hasOwn(rev.metadata, 'merge_hash') ? 'pkc' : 'rust';
        const total = countRepartitions(text.length, group.names.length);
        const listed = total <= LIST_LIMIT;
        let run = 0;
        let passed = 0;
        const judge = (pieces) => {
          const candidate = group.with(pieces);
          const own = genuine !== null && pieces.every((p, k) => p === genuine[k]);
          run++;
          const where = () => `${label}, revision ${i + 1}, ${group.name}: ${show(pieces)}`;
          // checkPage judges each revision by itself, the revision before it and the page, so a revision refused
          // as the last of the chain so far is refused in place too; one it accepts there is also run in place.
          if (own) {
            if (refused(inPlace(candidate))) assert.fail(`refused: ${where()}`);
            passed++;
          } else if (!refused(last(candidate)) && !refused(inPlace(candidate))) assert.fail(`accepted: ${where()}`);
          if (i > 0 && !refused(first(candidate))) assert.fail(`accepted as the first revision: ${where()}`);
        };
        if (listed) eachRepartition(text, group.names, judge);
        else if (group.name !== 'metadata')
          formCandidates(text, group.names, grammar(writer)).candidates.forEach(judge);
        else {
          // The metadata decide the writer: only the extension writes merge_hash. Cuts with a merge_hash are
          // judged by the extension's grammars, cuts without one by the Rust crate's.
          const withMerge = formCandidates(text, META, grammar('pkc')).candidates.filter((c) => c[3] !== ABSENT);
          const without = formCandidates(text, META.slice(0, 3), grammar('rust')).candidates.map((c) => [...c, ABSENT]);
          [...withMerge, ...without].forEach(judge);
        }
        t.diagnostic(
          `revision ${i + 1}, ${group.name}: ${total} cuts of ${text.length} characters into ${group.names.length} fields; ` +
            (listed
              ? `all run through checkPage`
              : `${run} accepted by the published grammars run through checkPage, ${total - run} refused by them`) +
            `; ${passed} passed (the writer's own)`,
        );
      }
    });
  });

  test(`${label}: a value of another JSON type with the same text is refused`, () => {
    const page = build();
    for (const [hash, rev] of Object.entries(page.revisions)) {
      for (const group of groupsOf(rev).filter((g) => g.text === undefined)) {
        group.pieces.forEach((piece, k) => {
          if (piece === ABSENT) return;
          // The Rust crate writes a genesis's missing link as null: its same-text values are those of ''.
          for (const value of [...sameTextValues(piece ?? ''), ...(piece === null ? [''] : [])].filter(
            (v) => v !== piece,
          )) {
            const candidate = group.with(group.pieces.map((p, j) => (j === k ? value : p)));
            const changed = {...page, revisions: {...page.revisions, [hash]: candidate}};
            assert.ok(refused(changed), `${label}: ${group.names[k]} as ${JSON.stringify(value)}`);
          }
        });
      }
    }
  });

  test(`${label}: a key named like a member of Object.prototype is refused in every container`, () => {
    const page = build();
    for (const [hash, rev] of Object.entries(page.revisions)) {
      const containers = [
        (r) => r,
        (r) => r.content,
        (r) => r.content.content,
        (r) => r.metadata,
        (r) => r.signature,
        (r) => r.witness,
        (r) => r.content.file,
      ];
      for (const pick of containers) {
        if (!pick(rev)) continue;
        for (const key of [...Object.getOwnPropertyNames(Object.prototype), '__proto__']) {
          for (const value of ['', 0]) {
            const candidate = clone(rev);
            Object.defineProperty(pick(candidate), key, {value, enumerable: true, configurable: true, writable: true});
            const changed = {...page, revisions: {...page.revisions, [hash]: candidate}};
            assert.ok(refused(changed), `${label}: ${key} = ${JSON.stringify(value)}`);
          }
        }
      }
    }
  });
}

const show = (pieces) =>
  JSON.stringify(
    pieces.map((p) => (p === ABSENT ? '(absent)' : p.length > 24 ? `${p.slice(0, 10)}…(${p.length})` : p)),
  );
