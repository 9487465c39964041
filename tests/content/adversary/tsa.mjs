// A test time-stamp authority (RFC 3161): a root CA, a TSA certificate it issues for time stamping, and
// responses signed with its key, built with pkijs and WebCrypto, offline. Besides genuine tokens it makes
// the forgeries a verifier must refuse: unsigned, signed by an authority nobody trusts, signed over
// another imprint, and signed with a signed attribute changed afterwards.
import {createHash, webcrypto} from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const {subtle} = webcrypto;
const SHA256 = '2.16.840.1.101.3.4.2.1';
const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const SIGNED_DATA = '1.2.840.113549.1.7.2';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const EC = {name: 'ECDSA', namedCurve: 'P-256'};
const buffer = (bytes) => Uint8Array.from(bytes).buffer;

function name(commonName) {
  const n = new pkijs.RelativeDistinguishedNames();
  n.typesAndValues.push(
    new pkijs.AttributeTypeAndValue({type: '2.5.4.3', value: new asn1js.Utf8String({value: commonName})}),
  );
  return n;
}

/** A certificate for `publicKey`, issued by `issuer` ({name, key}: itself for a root); `usage` adds the EKU. */
async function certificate({subject, publicKey, issuer, serial, ca, usage}) {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({value: serial});
  cert.subject = name(subject);
  cert.issuer = name(issuer.name);
  cert.notBefore.value = new Date('2020-01-01T00:00:00Z');
  cert.notAfter.value = new Date('2040-01-01T00:00:00Z');
  cert.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({cA: ca}).toSchema().toBER(false),
    }),
  ];
  if (usage) {
    cert.extensions.push(
      new pkijs.Extension({
        extnID: '2.5.29.37',
        critical: true,
        extnValue: new pkijs.ExtKeyUsage({keyPurposes: [usage]}).toSchema().toBER(false),
      }),
    );
  }
  await cert.subjectPublicKeyInfo.importKey(publicKey);
  await cert.sign(issuer.key, 'SHA-256');
  return cert;
}

/**
 * A root CA and a TSA it certifies. `root.pem` is what a verifier passes as its trust anchor. With
 * `usage: null` the TSA certificate lacks the time-stamping key purpose (an ordinary certificate).
 */
export async function makeAuthority(label, {usage = TIME_STAMPING} = {}) {
  const rootKeys = await subtle.generateKey(EC, true, ['sign', 'verify']);
  const tsaKeys = await subtle.generateKey(EC, true, ['sign', 'verify']);
  const rootName = `${label} Root CA`;
  const rootIssuer = {name: rootName, key: rootKeys.privateKey};
  const root = await certificate({
    subject: rootName,
    publicKey: rootKeys.publicKey,
    issuer: rootIssuer,
    serial: 1,
    ca: true,
  });
  const tsa = await certificate({
    subject: `${label} TSA`,
    publicKey: tsaKeys.publicKey,
    issuer: {name: rootName, key: rootKeys.privateKey},
    serial: 2,
    ca: false,
    usage,
  });
  const der = (c) => new Uint8Array(c.toSchema().toBER(false));
  const pem = (c) =>
    `-----BEGIN CERTIFICATE-----\n${Buffer.from(der(c))
      .toString('base64')
      .replace(/.{64}/g, '$&\n')
      .trim()}\n-----END CERTIFICATE-----\n`;
  return {label, root, tsa, tsaKey: tsaKeys.privateKey, rootDer: der(root), rootPem: pem(root), serial: 100};
}

/** The imprint aqua-js-sdk asks for: SHA-256 of the text of the root ("0x…" as UTF-8). */
export const imprintOf = (root) => createHash('sha256').update(root, 'utf8').digest('hex');

const SIGNING_TIME = '250101000000Z';

/**
 * A base64 TimeStampResp for `imprintHex` at `unixSeconds`, as a TSA sends it. Options make forgeries:
 * `unsigned` (no signer at all), `tamper` (one digit of the signed signing-time attribute changed after
 * signing), `contentType` (the OID the signed content-type attribute names, TSTInfo unless given). Sign
 * with another authority for an untrusted signer, or pass another imprint.
 */
export async function stamp(
  authority,
  imprintHex,
  unixSeconds,
  {unsigned = false, tamper = false, nonce, contentType = TST_INFO} = {},
) {
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: '1.2.3.4.1',
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({algorithmId: SHA256}),
      hashedMessage: new asn1js.OctetString({valueHex: buffer(Buffer.from(imprintHex, 'hex'))}),
    }),
    serialNumber: new asn1js.Integer({value: authority.serial++}),
    genTime: new Date(unixSeconds * 1000),
    ...(nonce ? {nonce} : {}),
  });
  const tstDer = tst.toSchema().toBER(false);
  const attribute = (type, value) => new pkijs.Attribute({type, values: [value]});
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({issuer: authority.tsa.issuer, serialNumber: authority.tsa.serialNumber}),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        attribute('1.2.840.113549.1.9.3', new asn1js.ObjectIdentifier({value: contentType})),
        attribute('1.2.840.113549.1.9.5', new asn1js.UTCTime({valueDate: new Date('2025-01-01T00:00:00Z')})),
        attribute(
          '1.2.840.113549.1.9.4',
          new asn1js.OctetString({valueHex: buffer(createHash('sha256').update(Buffer.from(tstDer)).digest())}),
        ),
      ],
    }),
  });
  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: TST_INFO,
      eContent: new asn1js.OctetString({valueHex: tstDer}),
    }),
    signerInfos: unsigned ? [] : [signerInfo],
    certificates: unsigned ? undefined : [authority.tsa],
  });
  if (!unsigned) await signedData.sign(authority.tsaKey, 0, 'SHA-256');
  const schema = signedData.toSchema(true);
  // pkijs re-wraps eContent as a constructed OCTET STRING; TSAs send a primitive one.
  schema.valueBlock.value[2].valueBlock.value[1].valueBlock.value[0] = new asn1js.OctetString({valueHex: tstDer});
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({status: 0}),
    timeStampToken: new pkijs.ContentInfo({contentType: SIGNED_DATA, content: schema}),
  });
  const bytes = Buffer.from(response.toSchema().toBER(false));
  if (tamper) {
    // The signing-time attribute: UTCTime tag 0x17, length 13, then the text.
    const at = bytes.indexOf(Buffer.concat([Buffer.from([0x17, 0x0d]), Buffer.from(SIGNING_TIME)]));
    if (at < 0) throw new Error('signing time not found');
    bytes[at + 2 + 11] ^= 1; // "…00Z" -> "…01Z"
  }
  return bytes.toString('base64');
}

/**
 * Answers a TimeStampReq (DER) as `authority`: the imprint and nonce of the request, at `unixSeconds`.
 * Used to let aqua-js-sdk's own witnessAquaTree(…, "tsa", …) talk to this authority instead of DigiCert.
 */
export async function respond(authority, requestDer, unixSeconds) {
  const request = pkijs.TimeStampReq.fromBER(requestDer);
  const imprint = Buffer.from(request.messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex');
  return Buffer.from(await stamp(authority, imprint, unixSeconds, {nonce: request.nonce}), 'base64');
}
