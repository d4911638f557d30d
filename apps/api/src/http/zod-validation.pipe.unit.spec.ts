import { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE } from '@inkprint/contracts';
import { RequestValidationError } from './api-error';
import { BODY_NOT_JSON, ZodValidationPipe } from './zod-validation.pipe';

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe(z.object({ text: z.string().min(1, 'Paste some text first.') }));

  const refusal = (value: unknown): RequestValidationError => {
    try {
      pipe.transform(value);
    } catch (error) {
      return error as RequestValidationError;
    }
    throw new Error('expected a refusal');
  };

  it('returns the parsed value', () => {
    expect(pipe.transform({ text: 'hi', extra: 1 })).toEqual({ text: 'hi' });
  });

  it('names each failing field with the schema message', () => {
    const error = refusal({ text: '' });
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).toBe('Request validation failed');
    expect(error.fields).toEqual({ text: ['Paste some text first.'] });
  });

  it('says to send JSON when the parser read no body (text/plain, no body), instead of a schema message', () => {
    const error = refusal(undefined);
    expect(error.message).toBe(BODY_NOT_JSON);
    expect(error.fields).toEqual({ '': [BODY_NOT_JSON] });
  });

  it('refuses NUL, other control characters and lone surrogates in any field, nested ones and keys too', () => {
    expect(refusal({ text: 'a\u0000b' }).fields).toEqual({ text: [UNSAFE_TEXT_MESSAGE] });
    expect(refusal({ text: 'x\ud800y' }).fields).toEqual({ text: [UNSAFE_TEXT_MESSAGE] });
    expect(refusal({ text: 'ok', more: { list: ['fine', 'bell\u0007'] } }).fields).toEqual({
      'more.list.1': [UNSAFE_TEXT_MESSAGE],
    });
    expect(refusal({ ['k\u0000']: 1, text: 'ok' }).fields).toEqual({ 'k\u0000': [UNSAFE_TEXT_MESSAGE] });
  });

  it('keeps prose layout, emoji and accents', () => {
    expect(pipe.transform({ text: 'Tabs\tand\r\nlines, caf\u00e9, \ud83d\ude00' })).toEqual({
      text: 'Tabs\tand\r\nlines, caf\u00e9, \ud83d\ude00',
    });
  });

  it('lets a schema that accepts no body accept it', () => {
    expect(new ZodValidationPipe(z.object({}).optional()).transform(undefined)).toBeUndefined();
  });
});
