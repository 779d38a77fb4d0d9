import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller';

/** OpenAPI document and rendered reference (the only public routes besides health). */
@Module({ controllers: [DocsController] })
export class DocsModule {}
