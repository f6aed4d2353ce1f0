import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../../../../widget/src/core/emitter.ts';

type Events = { ping: number; error: Error; done: void };

describe('createEmitter', () => {
  it('calls handlers in order with the payload and removes them with off', () => {
    const emitter = createEmitter<Events>();
    const seen: string[] = [];
    const a = (n: number) => seen.push(`a${n}`);
    const b = (n: number) => seen.push(`b${n}`);
    emitter.on('ping', a);
    emitter.on('ping', b);
    emitter.on('ping', a);
    emitter.emit('ping', 1);
    emitter.off('ping', a);
    emitter.emit('ping', 2);
    expect(seen, 'order, no duplicate, off works').toEqual(['a1', 'b1', 'b2']);
    expect(emitter.count('ping'), 'one handler left').toBe(1);
  });

  it('does not throw on error without listeners (unlike Node EventEmitter)', () => {
    const emitter = createEmitter<Events>();
    expect(() => emitter.emit('error', new Error('x')), 'no throw').not.toThrow();
  });

  it('iterates over a copy: handlers may remove themselves or add others while emitting', () => {
    const emitter = createEmitter<Events>();
    const seen: string[] = [];
    const late = () => seen.push('late');
    const once = () => {
      seen.push('once');
      emitter.off('done', once);
      emitter.on('done', late);
    };
    emitter.on('done', once);
    emitter.emit('done', undefined);
    emitter.emit('done', undefined);
    expect(seen, 'the added handler runs from the next emit').toEqual(['once', 'late']);
  });

  it('a throwing handler is logged and the others still run', () => {
    const emitter = createEmitter<Events>();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    emitter.on('ping', () => {
      throw new Error('listener bug');
    });
    emitter.on('ping', after);
    expect(() => emitter.emit('ping', 1), 'emit does not throw').not.toThrow();
    expect(after, 'next handler ran').toHaveBeenCalledWith(1);
    expect(error, 'logged').toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('clear() removes everything', () => {
    const emitter = createEmitter<Events>();
    emitter.on('ping', () => {});
    emitter.on('done', () => {});
    expect(emitter.count(), 'two').toBe(2);
    emitter.clear();
    expect(emitter.count(), 'none').toBe(0);
  });
});
