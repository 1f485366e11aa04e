// judge-client.js: what the ring page asks its worker about a judge input (read it, pick one of its games, make the CLI's answer, check an answer); a post never asks, so the elements' client does not carry it.

/** Reads a judge-format input in the worker, a text or a File (read there): { count, first } or { error }. */
export function parseJudge(client, source) {
  return client.ask(typeof source === 'string' ? { t: 'parse', text: source } : { t: 'parse', file: source });
}

/**
 * Checks an answer (a text, or a File read there a piece at a time) against the judge
 * input last read, in the worker: { report } (the core's CheckReport) or { error }.
 */
export function checkAnswer(client, output) {
  return client.ask({ t: 'checkAnswer', output });
}

/** Game k (0-based) of the judge input last read: { game }. */
export function pickJudge(client, k) {
  return client.ask({ t: 'pick', k });
}

/**
 * The CLI's answer to the judge input last read, made in the worker (up to its size
 * limit): { head, length, games, of } with the first `shown` characters, or { error }.
 */
export function judgeAnswer(client, shown) {
  return client.ask({ t: 'answers', shown });
}

/** All of the answer judgeAnswer made: { text }. */
export function judgeAnswerText(client) {
  return client.ask({ t: 'answerText' });
}
