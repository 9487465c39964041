// The re-partitions of a hash's pre-image, for the content tests of the legacy check scripts (1.1 to 1.3).
//
// A 1.2 hash joins its fields with nothing between them: H(domain_id + time_stamp + previous + merge).
// Any other way to cut the same text into the same fields gives the same hash, so a check holds only if it
// refuses every such cut except the one the writer made. `repartitions` lists them all: every field is
// either absent (the revision does not have it) or present with a piece of the text, possibly empty, and
// the present pieces, in the order of the fields, make up the text exactly. `sameTextValues` lists the
// values of other JSON types whose text form (what `+` and template strings give) is a given string.
//
// Listing every cut of a long text is out of reach (a 1,536-character page text cut into five slots, each
// present or absent, has 236,485,171,615 cuts, about 2.36·10^11). `formCandidates` walks the cuts instead and keeps only those whose every piece the
// check's own published grammar accepts for its field; the others have a piece the check refuses by that
// grammar. Tests use it where the full list is too long, and say so.
export const ABSENT = Symbol('absent');

const binomial = (n, k) => {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
};

/** How many cuts `repartitions(text, names)` lists, for a text of `length` characters and `fields` fields. */
export function countRepartitions(length, fields) {
  let total = length === 0 ? 1 : 0; // every field absent
  for (let present = 1; present <= fields; present++) {
    total += binomial(fields, present) * binomial(length + present - 1, present - 1);
  }
  return total;
}

/** Calls `visit(pieces)` for every cut of `text` into `names`: one entry per name, ABSENT or the piece of text. */
export function eachRepartition(text, names, visit) {
  const pieces = new Array(names.length);
  const walk = (i, at) => {
    if (i === names.length) {
      if (at === text.length) visit(pieces.slice());
      return;
    }
    pieces[i] = ABSENT;
    walk(i + 1, at);
    for (let end = at; end <= text.length; end++) {
      pieces[i] = text.slice(at, end);
      walk(i + 1, end);
    }
  };
  walk(0, 0);
}

/**
 * The cuts of `text` into `names` whose every present piece `accepts(name, piece)`, with the number of all
 * cuts. Each pair of field and piece is judged once; the walk stops early where no field after it can
 * take the rest of the text.
 */
export function formCandidates(text, names, accepts) {
  const memo = new Map();
  const judged = (i, start, end) => {
    const key = `${i}:${start}:${end}`;
    if (!memo.has(key)) memo.set(key, Boolean(accepts(names[i], text.slice(start, end))));
    return memo.get(key);
  };
  // reach[i][at]: fields i.. can take text[at..] (each absent or an accepted piece).
  const reach = Array.from({length: names.length + 1}, () => new Array(text.length + 1).fill(false));
  reach[names.length][text.length] = true;
  for (let i = names.length - 1; i >= 0; i--) {
    for (let at = text.length; at >= 0; at--) {
      if (reach[i + 1][at]) {
        reach[i][at] = true;
        continue;
      }
      for (let end = at; end <= text.length && !reach[i][at]; end++) {
        if (reach[i + 1][end] && judged(i, at, end)) reach[i][at] = true;
      }
    }
  }
  const found = [];
  const pieces = new Array(names.length);
  const walk = (i, at) => {
    if (!reach[i][at]) return;
    if (i === names.length) {
      found.push([...pieces]);
      return;
    }
    pieces[i] = ABSENT;
    walk(i + 1, at);
    for (let end = at; end <= text.length; end++) {
      if (reach[i + 1][end] && judged(i, at, end)) {
        pieces[i] = text.slice(at, end);
        walk(i + 1, end);
      }
    }
  };
  walk(0, 0);
  return {candidates: found, total: countRepartitions(text.length, names.length)};
}

/**
 * Values of other JSON types whose text form is `text`: a number, a boolean or null where the text reads
 * as one, lists (one element, nested, split at commas), an object where the text is "[object Object]".
 * Where `text` is empty, null and a missing value are listed too: the scripts read both as "no value".
 */
export function sameTextValues(text) {
  const values = [[text], [[text]]];
  if (text === '') values.push([], null);
  if (text.includes(',')) values.push(text.split(','));
  if (text !== '' && String(Number(text)) === text) values.push(Number(text), [Number(text)]);
  if (text === 'true' || text === 'false') values.push(text === 'true');
  if (text === 'null') values.push(null);
  if (text === '[object Object]') values.push({}, {note: 'anything'});
  return values;
}
