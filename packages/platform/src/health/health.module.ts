import { type DynamicModule, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { SERVICE_NAME } from './service-name';

@Module({})
export class HealthModule {
  static forService(name: string): DynamicModule {
    return { module: HealthModule, controllers: [HealthController], providers: [{ provide: SERVICE_NAME, useValue: name }], exports: [SERVICE_NAME] };
  }
}
