import { DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ScheduleModule } from '@nestjs/schedule';
import { AccountsModule } from './accounts';
import { AdminModule } from './admin';
import { AiModule } from './ai/ai.module';
import { BlogModule } from './blog';
import { AppConfigModule, type AppConfig } from './config';
import { HealthModule } from './health';
import { MailModule } from './mail';
import { ObservabilityModule } from './observability';
import { PlatformModule } from './platform/platform.module';
import { UsageModule } from './usage';

@Module({})
export class AppModule {
  /** `imports` adds modules after the platform (feature modules of later issues; test-only controllers in e2e specs). */
  static forRoot(config: AppConfig, options: { imports?: ModuleMetadata['imports'] } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        ScheduleModule.forRoot(),
        AppConfigModule.forRoot(config),
        HealthModule,
        ObservabilityModule,
        PlatformModule,
        MailModule.forRoot(config),
        UsageModule,
        AccountsModule,
        AiModule,
        BlogModule,
        ...(options.imports ?? []),
        AdminModule,
      ],
    };
  }
}
