import { describe, expect, it } from 'vitest';
import { VoiceError, isVoiceError } from '../../../../widget/src/core/errors/voice-error.ts';

describe('VoiceError', () => {
  it('carries a stable type, stage, status, reason and cause', () => {
    const cause = new Error('HTTP 401');
    const error = new VoiceError('api-error', 'Invalid Key', { stage: 'web-call-creation', status: 401, cause });
    expect(error, 'an Error').toBeInstanceOf(Error);
    expect(error.name, 'name').toBe('VoiceError');
    expect(error.type, 'type').toBe('api-error');
    expect(error.message, 'message').toBe('Invalid Key');
    expect(error.stage, 'stage').toBe('web-call-creation');
    expect(error.status, 'status').toBe(401);
    expect(error.cause, 'cause').toBe(cause);
    const ended = new VoiceError('meeting-ended', 'Meeting has ended', { reason: 'ejected' });
    expect(ended.reason, 'reason').toBe('ejected');
    expect('stage' in ended, 'absent fields are not set').toBe(false);
  });

  it('isVoiceError tells it apart by name, optionally by type', () => {
    const error = new VoiceError('mic-not-found', 'No microphone');
    expect(isVoiceError(error), 'a voice error').toBe(true);
    expect(isVoiceError(error, 'mic-not-found'), 'of that type').toBe(true);
    expect(isVoiceError(error, 'api-error'), 'not of another type').toBe(false);
    expect(isVoiceError(new Error('x')), 'a plain error').toBe(false);
    expect(isVoiceError({ name: 'VoiceError', type: 'api-error' }), 'not an Error instance').toBe(false);
    const foreign = Object.assign(new Error('copy'), { name: 'VoiceError', type: 'api-error' });
    expect(isVoiceError(foreign, 'api-error'), 'another bundle copy').toBe(true);
  });
});
