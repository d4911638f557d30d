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
      secretOrKey: secret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(claims: AccessTokenClaims): AccessTokenClaims {
    return claims;
  }
}
