// args.js: the wasm API's JS side: array arguments checked and copied before Rust sees them, and the errors and small results Rust hands back.
//
// The bindings (crate/src/wasm/args.rs) import the check functions with `catch`: whatever
// they throw, or whatever a hostile argument throws while it is read (a getter, a
// Proxy trap), comes back to Rust as an error value and is rethrown by the glue after
// Rust has returned. Nothing ever unwinds through Rust frames, so no call can leak
// wasm stack or heap. They return nothing (a value returned from a `catch` import
// would take a table slot that an exception leaks); Rust then collects the checked
// value with `takeChecked()`, which cannot throw. They only
// convert: which values are valid is for the core to say.
//
// Every error carries the core's stable `code` and its `params` (a plain object; see
// crate/src/error.rs, whose `ArgError` gives the codes and English of the checks here),
// so that a page words it in the reader's language. In the ring module, which carries
// no English, an error carries its code alone, as its message too (crate/src/wasm/args.rs
// `coded`): no params, no field.
//
// The other helpers (an error with its field, a number's text, a small result from
// JSON) are imported without `catch`, so they must not throw whatever the page has
// done to its globals: they use the built-ins as they were when this module loaded,
// and set an error's fields as own properties (a setter on `Error.prototype` is not
// called).

let checked;

/** The value the last check produced, handed over once. */
export function takeChecked() {
  const value = checked;
  checked = undefined;
  return value;
}

const TypedArray = Object.getPrototypeOf(Uint8Array);
// The intrinsic getters read a typed array's internal slots, so an own `length`
// property or a faked Symbol.toStringTag cannot change what is copied.
const typedLength = Object.getOwnPropertyDescriptor(TypedArray.prototype, 'length').get;
const typedName = Object.getOwnPropertyDescriptor(TypedArray.prototype, Symbol.toStringTag).get;

const bufferOf = Object.getOwnPropertyDescriptor(TypedArray.prototype, 'buffer').get;
const BuiltinUint8Array = Uint8Array;

/**
 * Throws the API's error when typed array `view` sits on a detached buffer (transferred to a
 * worker, or a wasm memory that grew): copying it would throw the engine's own TypeError. A
 * detached buffer takes no view, not even an empty one; a live one, shared or not, does.
 */
function checkAttached(view, what, whatParam, field) {
  try {
    new BuiltinUint8Array(bufferOf.call(view), 0, 0);
  } catch {
    throw fail(TypeError, what && `the ArrayBuffer of ${what} is detached (transferred or freed): pass an array that holds its data`, field, 'arg.detached', {
      what: parseJson(whatParam),
    });
  }
}

// The built-ins the helpers use, taken before any other script can replace them.
const BuiltinError = Error;
const BuiltinTypeError = TypeError;
const parseJson = JSON.parse;
const defineField = Object.defineProperty;

/** Sets `error[key] = value` as an own data property, as an assignment would, but calls no setter. */
function own(error, key, value) {
  defineField(error, key, { value, writable: true, enumerable: true, configurable: true });
}

/** An error with its `field`, `code` and `params`; with an empty `message` (the ring module's: see `checkU32Array`), its code alone. */
function fail(ErrorType, message, field, code, params) {
  const error = new ErrorType(message || code);
  own(error, 'code', code);
  if (!message) return error;
  own(error, 'field', field);
  own(error, 'params', params);
  return error;
}

function describe(x) {
  if (x === null) return 'null';
  if (typeof x === 'number') return String(x);
  return typeof x;
}

/**
 * Checks `value`, a typed array or a plain array of whole numbers from 0 to 2^32 - 1,
 * and leaves a fresh Uint32Array copy of it for `takeChecked()`. `what` names the
 * argument in messages (`whatParam`: the same as the JSON of the errors' `what` param)
 * and `field` is the error's `field`. The length is checked against `max` before
 * anything is allocated. An empty `what` (the ring module, which carries no English:
 * crate/src/wasm/args.rs `coded`) makes each error its code alone.
 */
export function checkU32Array(value, what, whatParam, field, max) {
  const name = ArrayBuffer.isView(value) ? typedName.call(value) : undefined;
  let length;
  if (name !== undefined) {
    length = typedLength.call(value);
  } else if (Array.isArray(value)) {
    length = value.length;
  } else {
    const kind = describe(value);
    throw fail(TypeError, what && `${what} must be an array of numbers or a typed array, not ${kind}`, field, 'arg.notAnArray', {
      what: parseJson(whatParam),
      kind,
    });
  }
  if (name !== undefined) checkAttached(value, what, whatParam, field);
  if (!(length <= max)) {
    throw fail(RangeError, what && `${what} has ${length} entries: at most ${max} are allowed`, field, 'arg.tooLong', {
      what: parseJson(whatParam),
      length,
      max,
    });
  }
  if (name === 'Uint32Array') {
    checked = new Uint32Array(value);
    return;
  }
  const out = new Uint32Array(length);
  for (let i = 0; i < length; i++) {
    const x = value[i];
    if (typeof x !== 'number' && typeof x !== 'bigint') {
      const kind = describe(x);
      throw fail(TypeError, what && `each of ${what} must be a number, not ${kind}`, field, 'arg.entryNotANumber', {
        what: parseJson(whatParam),
        kind,
      });
    }
    const n = Number(x);
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) {
      throw fail(RangeError, what && `each of ${what} must be a whole number from 0 to 4294967295, not ${n}`, field, 'arg.entryOutOfRange', {
        what: parseJson(whatParam),
        value: `${n}`,
      });
    }
    out[i] = n;
  }
  checked = out;
}

/**
 * Checks that `value` is a Uint8Array (text as bytes) and leaves a fresh copy of it for
 * `takeChecked()`: the copy is made from the array's internal slots, so an own `length`
 * or a getter cannot change what Rust reads.
 */
export function checkBytes(value, what, whatParam, field) {
  const name = ArrayBuffer.isView(value) ? typedName.call(value) : undefined;
  if (name !== 'Uint8Array') {
    const kind = name ?? describe(value);
    throw fail(TypeError, `${what} must be a Uint8Array of text, not ${kind}`, field, 'arg.notBytes', {
      what: parseJson(whatParam),
      kind,
    });
  }
  checkAttached(value, what, whatParam, field);
  checked = new Uint8Array(value);
}

/** Reads `options[key]` (a getter may throw) and leaves it for `takeChecked()`. */
export function checkOption(options, key) {
  checked = options[key];
}

/**
 * An `Error` (a `TypeError` if `type`) with the core's `message`, its `field`, its stable
 * `code` and `params` (`paramsJson`, written by the core) and, for a text, its `line`.
 */
export function newError(message, field, type, line, code, paramsJson) {
  const error = fail(type ? BuiltinTypeError : BuiltinError, message, field, code, parseJson(paramsJson));
  if (line !== undefined) own(error, 'line', line);
  return error;
}

/**
 * An `Error` (a `TypeError` if `type`) of the ring module, which carries no English: its
 * stable `code`, which is its message too, and nothing else (crate/src/wasm/args.rs `coded`).
 */
export function codeError(code, type) {
  return fail(type ? BuiltinTypeError : BuiltinError, '', null, code, null);
}

/** A number as JS writes it (`Infinity`, `1e+21`): no float formatting in the wasm. */
export function numberText(x) {
  return `${x}`; // a number's text: no method a page could replace is called
}

/** A small result object, written by the core as JSON. */
export function fromJson(text) {
  return parseJson(text);
}
