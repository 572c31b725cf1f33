/** Which conversion and versions a tool's zod schema is modeled with, from the packages installed beside its file. */

import { ts } from './ts-morph.cjs';
import { SHIPPED_VERSIONS, type PackageVersion, type VersionResolver, type VersionedPackage } from './library-versions.js';
import type { ToolForm } from './types.js';

/**
 * Which conversion a tool's zod schema goes through when its library sends it, and at which
 * versions: the converter (the MCP SDK v1 or v2, the AI SDK, Mastra), the converting library's
 * version and the zod version that writes the JSON Schema. The same model serves input and
 * output schemas.
 */
export interface SchemaModel {
  converter: 'mcp-sdk-v1' | 'mcp-sdk-v2' | 'ai-sdk' | 'mastra';
  /** The converting library's version; `undefined` for Mastra when `@mastra/core` is not installed. */
  library?: PackageVersion;
  zod: PackageVersion;
}

/** What an analysis modeled, by package: the versions used (`from: 'shipped'` when the project has none installed). */
export type ModeledVersions = Partial<Record<VersionedPackage, { version: string; from: 'project' | 'shipped' }[]>>;

const CONVERTER_PACKAGE: Record<SchemaModel['converter'], VersionedPackage> = {
  'mcp-sdk-v1': '@modelcontextprotocol/sdk',
  'mcp-sdk-v2': '@modelcontextprotocol/server',
  'ai-sdk': 'ai',
  mastra: '@mastra/core',
};

/** Whether a file imports the MCP SDK v2 server package (`@modelcontextprotocol/server`), which decides its tools' conversion. */
function importsMcpV2(sf: ts.SourceFile): boolean {
  return sf.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      (s.moduleSpecifier.text === '@modelcontextprotocol/server' || s.moduleSpecifier.text.startsWith('@modelcontextprotocol/server/')),
  );
}

/**
 * Picks the versions a tool's schema is modeled with, from the packages installed where its
 * file would import them (see {@link VersionResolver}); a package not installed falls back to
 * {@link SHIPPED_VERSIONS}. Each choice is added to `modeled` (for the export's record and the
 * one stderr note about shipped versions).
 */
export class SchemaModels {
  readonly modeled: ModeledVersions = {};

  constructor(private readonly versions: VersionResolver) {}

  /** The model for a tool of `form` written in `sf`. */
  modelFor(form: Exclude<ToolForm, 'defineTool'>, sf: ts.SourceFile): SchemaModel {
    const converter: SchemaModel['converter'] =
      form === 'ai-tool' ? 'ai-sdk' : form === 'mastra-createTool' ? 'mastra' : importsMcpV2(sf) ? 'mcp-sdk-v2' : 'mcp-sdk-v1';
    const zod = this.pick(sf.fileName, 'zod');
    const pkg = CONVERTER_PACKAGE[converter];
    const library = converter === 'mcp-sdk-v2' || converter === 'mastra' ? this.installed(sf.fileName, pkg) : this.pick(sf.fileName, pkg);
    return { converter, zod, ...(library ? { library } : {}) };
  }

  private installed(file: string, pkg: VersionedPackage): PackageVersion | undefined {
    const v = this.versions.versionFor(file, pkg);
    if (v) this.note(pkg, v.version, 'project');
    return v;
  }

  private pick(file: string, pkg: 'zod' | 'ai' | '@modelcontextprotocol/sdk' | VersionedPackage): PackageVersion {
    const v = this.versions.versionFor(file, pkg);
    if (v) {
      this.note(pkg, v.version, 'project');
      return v;
    }
    const shipped = SHIPPED_VERSIONS[pkg as keyof typeof SHIPPED_VERSIONS];
    this.note(pkg, shipped.version, 'shipped');
    return shipped;
  }

  private note(pkg: VersionedPackage, version: string, from: 'project' | 'shipped'): void {
    const list = (this.modeled[pkg] ??= []);
    if (!list.some((x) => x.version === version && x.from === from)) list.push({ version, from });
  }
}
