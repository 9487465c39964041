// The domain snapshot tree of the MediaWiki extension and the structured_merkle_proof it exports for each
// page, written from the code, not from the pages under test:
//   the tree      rht/merkle-tree@8edbbb4f9e5cfc54ff4c0b44de9ef6e18f3e3ef1 src/GrowableBinaryTree.php
//                 (addNode, setOnRow: an unpaired node is passed up unchanged once the tree is locked;
//                 getLayersAsObject), built by FixedSizeTree with the leaves as given (inputIsHash)
//   the rows      inblockio/mediawiki-extensions-Aqua@a7274438b3f8eff31f7d74940c52db0cce146b73
//                 includes/SpecialWitness.php helperGenerateDomainSnapshotMerkleTree, storeMerkleTree: one
//                 row per parent with children, right_leaf null when the parent has one child
//                 (sql/data_accounting.sql: the column is nullable); the same at d671085
//   the proof     WitnessLookup::requestMerkleProof: from the deepest row naming the hash on either side,
//                 then one row per depth up to 0, following the successor. At a7274438 the query selects
//                 witness_event_verification_hash, depth, left_leaf, right_leaf and successor, then casts
//                 id and witness_event_id, which it did not select, to int (0); from 24f9aad (June 2024,
//                 so at d6710853d06966c5840df483a304c0f0f7430064) it selects id and witness_event_id too.
import {sha3Legacy as H} from './aqua-hashing.mjs';

/** The rows of the grid GrowableBinaryTree builds for `width` leaves (false: not yet set). */
function grid(width) {
  const rows = [[]];
  const addNode = (row) => {
    rows[row] ??= [];
    rows[row].push(false);
    const size = rows[row].length;
    if (size === 1) return;
    if (size === 2) {
      rows[row + 1] ??= [];
      rows[row + 1].push(false);
      return;
    }
    if (size % 2 !== 0) addNode(row + 1);
  };
  for (let i = 0; i < width; i++) addNode(0);
  return rows;
}

/** setOnRow of a locked tree: a pair is hashed as left + right, an unpaired last node moves up as it is. */
function setOnRow(rows, i, value, row) {
  const list = rows[row];
  list[i] = value;
  const size = list.length;
  if (size === 1) return;
  if (size % 2 === 1 && i + 1 === size) return setOnRow(rows, Math.floor(i / 2), value, row + 1);
  const sibling = list[i % 2 ? i - 1 : i + 1];
  if (sibling === false) return;
  setOnRow(rows, Math.floor(i / 2), H(i % 2 ? sibling + value : value + sibling), row + 1);
}

/** getLayersAsObject: each node as [key, children], children null for a leaf, else up to two nodes. */
function layersAsObject(rows) {
  let queue = [];
  for (const row of rows) {
    const built = row.map((key) => {
      if (queue.length === 0) return [key, null];
      const children = [queue.shift()];
      if (queue.length > 0) children.push(queue.shift());
      return [key, children];
    });
    queue.push(...built);
  }
  return queue[0];
}

/**
 * The snapshot of `leaves` (verification hashes, in the order the snapshot lists its pages), as the extension
 * stores and exports it: `{root, rows, proofOf(hash)}`. `form` is '2022' (a7274438) or '2024' (d6710853), the
 * shape of the exported proof nodes; `eventHash` and `eventId` are the witness event's hash and number.
 */
export function extensionSnapshot(leaves, {form = '2022', eventHash = '', eventId = 1} = {}) {
  const rows = grid(leaves.length);
  leaves.forEach((leaf, i) => setOnRow(rows, i, leaf, 0));
  const [root, children] = layersAsObject(rows);
  const stored = [];
  const store = (nodes, depth) => {
    for (const [parent, kids] of nodes) {
      if (kids === null) continue;
      stored.push({
        id: stored.length + 1,
        depth,
        left_leaf: kids[0][0],
        right_leaf: kids.length > 1 ? kids[1][0] : null,
        successor: parent,
      });
      store(kids, depth + 1);
    }
  };
  store([[root, children]], 0);
  const exported = (row) =>
    form === '2022'
      ? {
          witness_event_verification_hash: eventHash,
          depth: row.depth,
          left_leaf: row.left_leaf,
          right_leaf: row.right_leaf,
          successor: row.successor,
          id: 0,
          witness_event_id: 0,
        }
      : {
          id: row.id,
          witness_event_verification_hash: eventHash,
          depth: row.depth,
          left_leaf: row.left_leaf,
          right_leaf: row.right_leaf,
          successor: row.successor,
          witness_event_id: eventId,
        };
  /** requestMerkleProof: the deepest row naming `hash`, then one row a level up to depth 0. */
  const proofOf = (hash) => {
    const proof = [];
    let depth = null;
    for (;;) {
      const named = stored.filter(
        (row) => (row.left_leaf === hash || row.right_leaf === hash) && (depth === null || row.depth === depth),
      );
      if (named.length === 0) break;
      const deepest = named.reduce((best, row) => (row.depth > best.depth ? row : best));
      proof.push(exported(deepest));
      depth = deepest.depth - 1;
      hash = deepest.successor;
      if (depth === -1) break;
    }
    return proof;
  };
  return {root, rows: stored, proofOf};
}
