/** Minimal types for PathFinding.js 0.4.18 (dev dependency, untyped), as the nav benchmark uses it. */
declare module 'pathfinding' {
  export interface PFGrid {
    readonly width: number;
    readonly height: number;
    clone(): PFGrid;
  }
  interface PFGridConstructor {
    /** matrix[row][col], non-zero = blocked. */
    new (width: number, height: number, matrix?: number[][]): PFGrid;
  }
  interface PFAStarFinder {
    /** Path as [x, y] = [col, row] pairs from start to end, empty when none. Dirties `grid`. */
    findPath(startX: number, startY: number, endX: number, endY: number, grid: PFGrid): number[][];
  }
  interface PFAStarFinderConstructor {
    new (opt?: { allowDiagonal?: boolean; dontCrossCorners?: boolean }): PFAStarFinder;
  }
  const PF: { Grid: PFGridConstructor; AStarFinder: PFAStarFinderConstructor };
  export default PF;
}
