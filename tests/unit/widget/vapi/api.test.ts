/**
 * The `./vapi` entry's surface against `@vapi-ai/web` 2.7.1's declarations (read with the
 * TypeScript compiler API, so an upgrade that adds a member fails here), and its emitter's
 * Node-style members.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import Vapi from '../../../../widget/src/vapi/index.ts';
import { VapiEventEmitter } from '../../../../widget/src/vapi/node-style-emitter.ts';
import { EVENT_NAMES } from './differential.harness.ts';

const declarations = createRequire(import.meta.url).resolve('@vapi-ai/web/dist/vapi.d.ts');

/** Public members of a class (or the type alias of its event names) in the reference's `.d.ts`. */
function reference() {
  const source = ts.createSourceFile(declarations, readFileSync(declarations, 'utf8'), ts.ScriptTarget.Latest, true);
  const members: Record<string, { instance: string[]; static: string[] }> = {};
  let events: string[] = [] as string[];
  ts.forEachChild(source, (node) => {
    if (ts.isClassDeclaration(node) && node.name) {
      const entry: { instance: string[]; static: string[] } = { instance: [], static: [] };
      members[node.name.text] = entry;
      for (const member of node.members) {
        const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
        if (
          !member.name ||
          !ts.isIdentifier(member.name) ||
          modifiers.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)
        )
          continue;
        (modifiers.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) ? entry.static : entry.instance).push(
          member.name.text,
        );
      }
    }
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'VapiEventNames' && ts.isUnionTypeNode(node.type)) {
      events = node.type.types.map((t) => ((t as ts.LiteralTypeNode).literal as ts.StringLiteral).text);
    }
  });
  return { members, events };
}

describe('./vapi has every public member of @vapi-ai/web', () => {
  const { members, events } = reference();

  it('the class: every public method and the static one', () => {
    const { instance, static: statics } = members.default ?? members.Vapi ?? Object.values(members).at(-1)!;
    expect(instance.length, 'members read from the .d.ts').toBeGreaterThan(20);
    const vapi = new Vapi('pk');
    expect(
      instance.filter((name) => typeof (vapi as unknown as Record<string, unknown>)[name] !== 'function'),
      'instance members missing',
    ).toEqual([]);
    expect(statics, 'static members read').toContain('runNetworkTestsStandalone');
    expect(
      statics.filter((name) => typeof (Vapi as unknown as Record<string, unknown>)[name] !== 'function'),
      'static members missing',
    ).toEqual([]);
  });

  it('the emitter: on, once, off, removeListener, removeAllListeners, emit', () => {
    const emitterMembers = members.VapiEventEmitter?.instance ?? [];
    expect(emitterMembers, 'read').toEqual(
      expect.arrayContaining(['on', 'once', 'emit', 'removeListener', 'removeAllListeners']),
    );
    const vapi = new Vapi('pk');
    for (const name of [...emitterMembers, 'off', 'listenerCount'])
      expect(typeof (vapi as unknown as Record<string, unknown>)[name], name).toBe('function');
  });

  it('the event names: the differential suite listens to every one', () => {
    expect(events.length, 'names read').toBeGreaterThan(20);
    expect([...EVENT_NAMES].sort(), 'same names').toEqual([...events].sort());
  });
});

describe('VapiEventEmitter', () => {
  it('on / once / off / removeListener / removeAllListeners behave as Node’s', () => {
    const emitter = new VapiEventEmitter();
    const a = vi.fn();
    const b = vi.fn();
    const c = vi.fn();
    emitter.on('volume-level', a).once('volume-level', b).on('call-end', c);
    expect(emitter.emit('volume-level', 0.5), 'had listeners').toBe(true);
    emitter.emit('volume-level', 0.7);
    expect(a.mock.calls, 'on: every time').toEqual([[0.5], [0.7]]);
    expect(b.mock.calls, 'once: the first time only').toEqual([[0.5]]);
    emitter.once('volume-level', b).removeListener('volume-level', b);
    emitter.emit('volume-level', 0.9);
    expect(b, 'a once listener removed by its function').toHaveBeenCalledTimes(1);
    emitter.off('volume-level', a);
    emitter.emit('volume-level', 1);
    expect(a, 'off').toHaveBeenCalledTimes(3);
    emitter.on('volume-level', a).removeAllListeners('volume-level');
    expect(emitter.listenerCount('volume-level'), 'removeAllListeners(event)').toBe(0);
    expect(emitter.listenerCount('call-end'), 'other events kept').toBe(1);
    emitter.removeAllListeners();
    expect(emitter.emit('call-end'), 'removeAllListeners()').toBe(false);
  });

  it('a listener that throws is logged and the others still run; an error without listener is not thrown', () => {
    const emitter = new VapiEventEmitter();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    emitter.on('call-start', () => {
      throw new Error('listener bug');
    });
    emitter.on('call-start', after);
    expect(() => emitter.emit('call-start'), 'not thrown').not.toThrow();
    expect(after, 'the next listener ran').toHaveBeenCalled();
    expect(() => emitter.emit('error', { type: 'x' }), 'unlistened error').not.toThrow();
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
