import { DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from './accounts';
import { AdminModule } from './admin';
import { BlogModule } from './blog';
import { AppConfigModule, type AppConfig } from './config';
import { HealthModule } from './health';
import { MailModule } from './mail';
import { PlatformModule } from './platform/platform.module';

@Module({})
export class AppModule {
  /** `imports` adds modules after the platform (feature modules of later issues; test-only controllers in e2e specs). */
  static forRoot(config: AppConfig, options: { imports?: ModuleMetadata['imports'] } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        AppConfigModule.forRoot(config),
        HealthModule,
        PlatformModule,
        MailModule.forRoot(config),
        AccountsModule,
        BlogModule,
        ...(options.imports ?? []),
        AdminModule,
      ],
    };
  }
}
