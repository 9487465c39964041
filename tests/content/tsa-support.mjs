// RFC 3161 time-stamp tokens for the content tests, made here with pkijs and asn1js: a test root CA, a
// time-stamping authority (TSA) certificate it issues (extended key usage id-kp-timeStamping, critical, as
// RFC 3161 section 2.3 requires), and TimeStampResp messages as a TSA returns them and notarize.js stores
// them (base64 DER). Also the kinds of token a forger can mint offline: unsigned, signed by a key nobody
// trusts, over another imprint, or with a signed attribute changed after signing.
import {createHash, webcrypto} from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  commonName: '2.5.4.3',
};
const ALGORITHM = {name: 'ECDSA', namedCurve: 'P-256'};
const buffer = (bytes) => new Uint8Array(bytes).buffer;

function name(commonName) {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({type: OID.commonName, value: new asn1js.Utf8String({value: commonName})}),
    ],
  });
}

/** A certificate of `subject`'s key, issued by `issuer` (itself when none), valid from 2020 to 2040. */
async function certificate({subject, keys, issuer, serial, ca, timeStamping, critical = true}) {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({value: serial});
  cert.issuer.typesAndValues = name(issuer?.name ?? subject).typesAndValues;
  cert.subject.typesAndValues = name(subject).typesAndValues;
  cert.notBefore.value = new Date('2020-01-01T00:00:00Z');
  cert.notAfter.value = new Date('2040-01-01T00:00:00Z');
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  const usage = new asn1js.BitString({valueHex: new Uint8Array([ca ? 0x06 : 0x80]).buffer}); // keyCertSign+cRLSign, or digitalSignature
  cert.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({cA: ca}).toSchema().toBER(false),
    }),
    new pkijs.Extension({extnID: '2.5.29.15', critical: true, extnValue: usage.toBER(false)}),
  ];
  if (timeStamping !== undefined) {
    cert.extensions.push(
      new pkijs.Extension({
        extnID: '2.5.29.37',
        critical,
        extnValue: new pkijs.ExtKeyUsage({keyPurposes: [timeStamping].flat()}).toSchema().toBER(false),
      }),
    );
  }
  await cert.sign((issuer ?? {keys}).keys.privateKey, 'SHA-256');
  return cert;
}

/**
 * A test root CA and a TSA it certifies. `purpose` is the TSA certificate's extended key usage (by default
 * id-kp-timeStamping; a list gives several purposes), `critical` whether that extension is marked critical (by
 * default it is). `root` is the root's certificate as DER bytes, what a caller passes as a trust anchor.
 */
export async function makeAuthority(label = 'Test', {purpose = OID.timeStamping, critical = true} = {}) {
  const rootKeys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const tsaKeys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const rootName = `${label} Root CA`;
  const rootCert = await certificate({subject: rootName, keys: rootKeys, serial: 1, ca: true});
  const tsaCert = await certificate({
    subject: `${label} TSA`,
    keys: tsaKeys,
    issuer: {name: rootName, keys: rootKeys},
    serial: 2,
    ca: false,
    timeStamping: purpose,
    critical,
  });
  return {
    root: Buffer.from(rootCert.toSchema().toBER(false)),
    rootPem: `-----BEGIN CERTIFICATE-----\n${Buffer.from(rootCert.toSchema().toBER(false)).toString('base64')}\n-----END CERTIFICATE-----\n`,
    certificates: [tsaCert, rootCert],
    signer: {cert: tsaCert, key: tsaKeys.privateKey},
  };
}

/**
 * A TimeStampResp, base64 DER, over SHA-256 of the text `imprintOf`, generated at `time` (a Date), signed by
 * `authority` (unsigned when null). `tamper(signerInfo)` may change the signer's attributes after signing.
 */
export async function makeToken({imprintOf, time, authority, tamper}) {
  const digest = createHash('sha256').update(imprintOf).digest();
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: '1.2.3.4.1',
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({algorithmId: OID.sha256}),
      hashedMessage: new asn1js.OctetString({valueHex: buffer(digest)}),
    }),
    serialNumber: new asn1js.Integer({value: Math.floor(time.getTime() / 1000) % 1000000}),
    genTime: time,
  });
  const content = Buffer.from(tstInfo.toSchema().toBER(false));
  // A TSA writes the TSTInfo as one DER octet string; pkijs's constructor would split it into a constructed
  // one, so the content is set after construction.
  const encapsulated = new pkijs.EncapsulatedContentInfo({eContentType: OID.tstInfo});
  encapsulated.eContent = new asn1js.OctetString({valueHex: buffer(content)});
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: encapsulated,
    signerInfos: [],
    certificates: authority ? authority.certificates : [],
  });
  if (authority) {
    const attribute = (type, value) => new pkijs.Attribute({type, values: [value]});
    signed.signerInfos.push(
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: authority.signer.cert.issuer,
          serialNumber: authority.signer.cert.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            attribute(OID.contentType, new asn1js.ObjectIdentifier({value: OID.tstInfo})),
            attribute(OID.signingTime, new asn1js.UTCTime({valueDate: time})),
            attribute(
              OID.messageDigest,
              new asn1js.OctetString({valueHex: buffer(createHash('sha256').update(content).digest())}),
            ),
          ],
        }),
      }),
    );
    await signed.sign(authority.signer.key, 0, 'SHA-256');
    tamper?.(signed.signerInfos[0]);
  }
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({status: 0}),
    timeStampToken: new pkijs.ContentInfo({contentType: OID.signedData, content: signed.toSchema(true)}),
  });
  return Buffer.from(response.toSchema().toBER(false)).toString('base64');
}

export {OID};
