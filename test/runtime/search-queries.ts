/** Natural requests for each tool of examples/canvas, the query set tool search is measured on. */

/**
 * Natural requests for each tool of examples/canvas, written as a user asks for the task (not
 * copied from the descriptions): the query set tool search is measured on (recall@1, recall@5).
 * Shared by test/runtime/search-tools.test.ts and the bench.
 */
export const CANVAS_QUERIES: Readonly<Record<string, readonly string[]>> = {
  get_selection: ['what have I got selected right now', 'which shapes did the user click on'],
  get_node: ['show me all the details of element n12', 'what color and size is this one node'],
  find_nodes: ['look for the layer called header', 'where is the text that says Sign up'],
  get_tree: ['give me an outline of the whole design hierarchy', 'what is nested inside the card'],
  create_shape: ['draw a circle', 'add a blue rectangle to the page'],
  create_frame: ['make a new card container to hold things', 'start a screen section'],
  create_text: ['add a heading that reads Welcome', 'put a label on the canvas'],
  set_fill: ['paint the button red', 'change the background colour of the frame'],
  set_stroke: ['give the box an outline border', 'remove the border line around it'],
  set_text: ['change what the title says', 'edit the wording of the caption'],
  set_font: ['make the heading bold', 'use a bigger font size for the text', 'switch the typeface to Inter'],
  set_layout: ['move the logo 20 pixels right', 'resize the image to 300 wide'],
  rename_node: ['call this layer Footer instead', 'give the element a better name'],
  set_selection: ['select the three buttons for me', 'highlight what you changed'],
  delete_node: ['remove the old banner', 'get rid of that shape'],
  reparent_node: ['put the icon inside the toolbar frame', 'move this out to the top level of the page'],
  duplicate_node: ['make a copy of the card', 'clone this button'],
  set_corner_radius: ['make the corners rounded', 'give the rectangle rounded edges'],
  set_visible: ['hide the watermark', 'make the hidden layer show again'],
  align_nodes: ['line up these boxes on the left', 'center the items vertically'],
  distribute_nodes: ['even out the spacing between the icons', 'equal gaps between the columns'],
  group_nodes: ['group these shapes together', 'wrap the icons in a container'],
  ungroup_node: ['ungroup this', 'break the group apart'],
  reorder_node: ['bring it to the front', 'send the background image behind everything'],
  analyze_colors: ['which colours does the design use', 'audit the palette'],
  check_contrast: ['is this text readable against its background', 'accessibility check for low contrast'],
  find_overlaps: ['are any elements overlapping each other', 'find things stacked on top of one another by mistake'],
  get_bounds: ['how much space do these take up', 'what is the bounding box of the selection'],
  list_fonts: ['which typefaces are used in the file', 'are the text styles consistent'],
  document_stats: ['how many layers are in this document', 'give me a quick summary count of the nodes'],
  export_svg: ['save the page as svg', 'give me vector markup of the logo'],
  render_png: ['take a screenshot of the design', 'show me a picture of what it looks like'],
};
