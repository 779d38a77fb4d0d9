import { Module } from '@nestjs/common';
import { DrugsModule } from '../drugs/drugs.module';
import { FhirModule } from '../fhir/fhir.module';
import { InteractionsModule } from '../interactions/interactions.module';
import { KnowledgeBaseModule } from '../kb/knowledge-base.module';
import { DocsController } from './docs.controller';

/** OpenAPI document and rendered reference (the only public routes besides health). */
@Module({ imports: [KnowledgeBaseModule, InteractionsModule, DrugsModule, FhirModule], controllers: [DocsController] })
export class DocsModule {}
