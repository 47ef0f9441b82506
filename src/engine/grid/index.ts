/**
 * Tempo's grid geometry: hex (axial) and square cells, distance and
 * neighbours, lines and paths, size and reach, threatened cells, the spatial
 * index and the provocation walk. Pure: imports nothing outside this folder.
 * See docs/grid.md.
 */
export {
  type Cell,
  type DiagonalRule,
  type GridBounds,
  type GridSpec,
  type GridType,
  type Size,
  SIZES,
  addCells,
  cellFromKey,
  cellKey,
  makeCell,
  sameCell,
} from "./types";
export {
  HEX_DIRECTIONS,
  HEX_LAYOUTS,
  type HexLayout,
  type OffsetCoords,
  axialToOffset,
  cubeRound,
  hexDistance,
  hexLine,
  hexNeighbours,
  hexRing,
  hexSpiral,
  offsetToAxial,
} from "./hex";
export {
  SQUARE_DIRECTIONS,
  isDiagonalStep,
  squareCellsWithin,
  squareDistance,
  squareLine,
  squareNeighbours,
} from "./square";
export {
  areAdjacent,
  cellsWithin,
  distance,
  line,
  neighbourSteps,
  neighbours,
  pathCost,
  walkPath,
} from "./grid";
export {
  type ReachBody,
  SIZE_REACH,
  footprint,
  footprintShape,
  reachFor,
  threatShape,
  threatenedCells,
} from "./size";
export {
  type Body,
  type SpatialIndex,
  buildSpatialIndex,
  sameGrid,
  spatialIndexFor,
  withBodies,
} from "./spatial-index";
export { type PathLegality, type Provocation, checkPathLegality, findPathProvocations } from "./provocation";
