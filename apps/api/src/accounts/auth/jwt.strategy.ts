import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { JWT_SECRET } from './tokens';

/** Claims of an Inkprint access token. */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  role: string;
}

/** passport-jwt: verifies the bearer access token's signature and expiry (HS256 only). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(JWT_SECRET) secret: string) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject (jsonwebtoken 9 takes one; the types say string | Buffer): given a string or Buffer, jsonwebtoken
      // first tries, and fails, to parse it as a public key on every request.
      secretOrKey: createSecretKey(Buffer.from(secret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(claims: AccessTokenClaims): AccessTokenClaims {
    return claims;
  }
}
