import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { ADMIT_AFTER_UPLOAD, type AdmissibleRequest } from './admission-control';

/**
 * After a route's file interceptor (multer has read the upload, within the request timeout): the request takes its
 * place in admission control now, or is shed with 503 (issue 39 item 1). A slow upload never holds a place.
 */
@Injectable()
export class AdmitAfterUpload implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AdmissibleRequest>();
    const admit = req[ADMIT_AFTER_UPLOAD];
    if (admit) {
      delete req[ADMIT_AFTER_UPLOAD];
      admit();
    }
    return next.handle();
  }
}
