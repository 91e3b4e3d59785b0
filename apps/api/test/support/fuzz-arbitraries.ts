/**
 * The generators of the request fuzzing test (fuzz-requests.test.ts): hostile values, request parts
 * mutated field by field from a valid example, bodies that are not the JSON asked for, broken uploads
 * and bad Authorization headers. Every text a client could type is fair game: wrong types, huge strings,
 * odd Unicode, injection attempts.
 */
import fc from 'fast-check';
import { multipart } from './images.js';

/** Texts that attack the layers behind the API: SQL, HTML, paths, templates, headers, prototypes. */
const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "' UNION SELECT password_hash FROM users --",
  "%' OR 1=1 --",
  "'; SELECT pg_sleep(10); --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '${process.exit(1)}',
  '{{constructor.constructor("return process")()}}',
  '{"$gt": ""}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '\r\nSet-Cookie: session=stolen',
];

/** Numbers and dates as text, at and past the edges of what the calls accept, or in other notations. */
const NUMBER_TEXTS = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '99999999999999999999',
  ' 7 ',
  '٧',
  '+1',
  '1,5',
  '',
];
const DATE_TEXTS = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '1899-12-31',
  '3000-01-01',
  '2026-1-5',
  '2026-03-15T00:00:00Z',
  '15/03/2026',
  '+002026-03-15',
];

/**
 * Characters that trip up text handling: NUL, lone surrogate halves, bidirectional and zero-width marks,
 * a combining accent, a non-character, a ZWJ emoji sequence, Arabic, line and paragraph separators, controls.
 */
const ODD_CHARACTERS = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\u200F',
  '\u200B',
  '\uFEFF',
  '\u0301',
  '\uFFFF',
  '\u{1F469}\u200D\u{1F4BB}',
  '\u0627\u0644\u0644\u0647',
  '\u00A0',
  '\u2028',
  '\u001B',
  '\u007F',
];

/** One code point of any kind, surrogate halves included, or one of the odd characters above. */
const oddUnit = fc.oneof(
  fc.constantFrom(...ODD_CHARACTERS),
  fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint)),
);

/** 100 000 to 120 000 times one character: far over every length limit of the API. */
const hugeText = fc
  .tuple(
    fc.constantFrom('x', 'é', '\u{1F600}', '\u0000', "'", '<'),
    fc.integer({ min: 100_000, max: 120_000 }),
  )
  .map(([character, times]) => character.repeat(times));

/** Mostly short texts: a huge one costs the time of several requests, and a few hundred make the point. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...INJECTIONS, ...NUMBER_TEXTS, ...DATE_TEXTS) },
  { weight: 10, arbitrary: fc.string({ unit: oddUnit, maxLength: 40 }) },
  { weight: 10, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeText },
);

/** Any JSON value where a field is expected: hostile text, wrong types, extreme numbers, nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  {
    weight: 2,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, [], {}, [null]),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Names of fields a request should not have, some chosen to tempt a careless server. */
const extraFieldName = fc.oneof(
  fc.constantFrom('role', 'roleName', 'isAdmin', 'permissions', 'password_hash', 'enabled', 'createdAt'),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', ''),
  fc.string({ unit: oddUnit, maxLength: 10 }),
);

/** Each field of the example kept as it is, or replaced by a hostile value. */
function keptOrReplaced<T>(example: Record<string, T>, hostile: fc.Arbitrary<T>) {
  return Object.fromEntries(
    Object.entries(example).map(([name, value]) => [
      name,
      fc.oneof({ weight: 2, arbitrary: fc.constant(value) }, { weight: 2, arbitrary: hostile }),
    ]),
  );
}

/** The path parameters of a call, from a valid example: each one kept or replaced by hostile text. */
export function mutatedParams(example: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  return fc.record(keptOrReplaced(example, hostileText));
}

/**
 * A body or a query made from a valid example: each field kept, replaced by a hostile value or left out,
 * and sometimes fields added.
 */
export function mutatedFields<T>(
  example: Record<string, T>,
  hostile: fc.Arbitrary<T>,
): fc.Arbitrary<Record<string, T>> {
  const extra = fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(extraFieldName, hostile, { minKeys: 1, maxKeys: 3 }) },
  );
  return (
    fc
      .tuple(fc.record(keptOrReplaced(example, hostile), { requiredKeys: [] }), extra)
      // A field left out is an absent key, never one set to undefined.
      .map(([kept, added]) => ({ ...added, ...kept }) as Record<string, T>)
  );
}

/** A query value: one text, or the same key repeated. */
export const hostileQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.array(hostileText, { minLength: 2, maxLength: 3 }) },
);

/** A body sent as it is, with the Content-Type it claims. */
export type RawBody = { payload: string | Buffer; contentType?: string };

/**
 * Bodies that are not the JSON object a call reads: broken or non-object JSON, prototype pollution,
 * deep nesting, other content types, no content type, bytes that are not UTF-8. None of them can carry
 * a valid request, so a call that writes must refuse every one.
 */
export const malformedBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc
    .constantFrom(
      '',
      '{',
      '{"email": ',
      "{'email': 'a@example.com'}",
      '{"a": 1}}',
      'undefined',
      'NaN',
      '\uFEFF{}',
      'null',
      '[]',
      '"text"',
      '42',
      'true',
      '[{"email": "a@example.com"}]',
      '{"__proto__": {"isAdmin": true}}',
      '{"constructor": {"prototype": {"isAdmin": true}}}',
      `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    )
    .map((payload): RawBody => ({ payload, contentType: 'application/json' })),
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=utf-16',
      'application/jsonx',
      'multipart/form-data; boundary=none',
      'image/png',
      undefined,
    )
    .map((contentType): RawBody => ({ payload: 'email=a%40example.com&password=x', contentType })),
  fc
    .uint8Array({ minLength: 1, maxLength: 512 })
    .map((bytes): RawBody => ({ payload: Buffer.from([0xff, ...bytes]), contentType: 'application/json' })),
);

/** File names that are paths, devices, over-long, or hide another extension. */
const fileName = fc.oneof(
  fc.constantFrom('report.pdf', '../../etc/passwd', 'C:\\Windows\\win.ini', 'CON', '.htaccess', ''),
  fc.constantFrom(`${'a'.repeat(400)}.txt`, 'photo.png\u0000.exe', 'notes.txt '),
  // Without line breaks, which would end the part's headers early and turn the name into content.
  fc.string({ unit: oddUnit, maxLength: 30 }).map((name) => name.replace(/[\r\n]/g, '')),
);

/**
 * A multipart upload that no upload call may keep: its content starts with a NUL byte, so it is neither an
 * accepted file type (each has a signature or is text without control characters) nor a picture; or it is
 * empty; the field may be wrong, a text field may come first, the body may be cut short, the boundary
 * may be missing from the Content-Type.
 */
export function brokenUpload(expectedField: string): fc.Arbitrary<RawBody> {
  return fc
    .record({
      field: fc.constantFrom(expectedField, `${expectedField}[]`, 'upload', ''),
      filename: fc.option(fileName, { nil: undefined }),
      content: fc.oneof(
        fc.constant(Buffer.alloc(0)),
        fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from([0x00, ...bytes])),
      ),
      textFieldFirst: fc.boolean(),
      cutBytes: fc.constantFrom(0, 1, 10, 40),
      boundaryInHeader: fc.boolean(),
    })
    .map(({ field, filename, content, textFieldFirst, cutBytes, boundaryInHeader }): RawBody => {
      const textField = { field: 'note', content: 'hello' };
      const { payload, headers } = multipart([
        ...(textFieldFirst ? [textField] : []),
        { field, filename, contentType: 'application/octet-stream', content },
      ]);
      const contentType = headers['content-type'] ?? '';
      return {
        payload: payload.subarray(0, payload.length - cutBytes),
        contentType: boundaryInHeader ? contentType : contentType.replace(/;.*$/, ''),
      };
    });
}

/** The tokens of the signed-in caller, and ones that look like them but must be refused. */
export type Tokens = { access: string; refresh: string; expiredAccess: string };

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The token with the first character of its signature changed. */
function withWrongSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  return `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
}

/** The token's claims, unsigned (`alg: none`). */
function unsigned(token: string): string {
  const [, payload] = token.split('.');
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
}

/**
 * Authorization headers that must not let anyone in: none, an empty or "null" bearer, another scheme,
 * garbage, a token expired, with a wrong signature, unsigned, doubled, without its scheme or over-long, or
 * a token of the wrong type (`wrongType`: the refresh token where an access token is due, and the reverse).
 */
export function badAuthorization(tokens: Tokens, wrongType: string): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constantFrom(
      undefined,
      'Bearer',
      'Bearer ',
      'Bearer null',
      'Bearer undefined',
      'Basic YWRtaW46YWRtaW4=',
      `Bearer ${wrongType}`,
      `Bearer ${tokens.expiredAccess}`,
      `Bearer ${withWrongSignature(tokens.access)}`,
      `Bearer ${unsigned(tokens.access)}`,
      `Bearer ${tokens.access} ${tokens.access}`,
      tokens.access,
      `Bearer ${'A'.repeat(20_000)}`,
    ),
    fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).map((garbage) => `Bearer ${garbage}`),
  );
}
