import { z } from 'zod';
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

  it('lets a schema that accepts no body accept it', () => {
    expect(new ZodValidationPipe(z.object({}).optional()).transform(undefined)).toBeUndefined();
  });
});
