// class-transformer ships no declaration for its storage entry; this is the part toolcraft reads.
declare module 'class-transformer/cjs/storage.js' {
  interface TypeMetadataLike {
    typeFunction: (options?: unknown) => unknown;
  }
  export const defaultMetadataStorage: {
    findTypeMetadata(target: unknown, propertyName: string): TypeMetadataLike | undefined;
  };
}
